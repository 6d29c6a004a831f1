export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center text-muted" role="status">
      Loading...
    </div>
  );
}
