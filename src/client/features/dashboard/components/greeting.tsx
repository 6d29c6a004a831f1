/** Home's heading: its largest text, which boot.ts paints from app/first-paint.ts before React runs. */
export function Greeting({ firstName }: { firstName: string }) {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {firstName}!</h1>
      <p className="mt-1 text-muted">Your academic assistant is ready to help you succeed</p>
    </header>
  );
}
