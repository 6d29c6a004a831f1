/**
 * Home's heading, its largest text: index.html repeats it for boot.ts to draw before React runs
 * (app/first-paint.ts; first-paint.test.tsx holds the two equal).
 */
export function Greeting({ firstName }: { firstName: string }) {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {firstName}!</h1>
      <p className="mt-1 text-muted">Your academic assistant is ready to help you succeed</p>
    </header>
  );
}
