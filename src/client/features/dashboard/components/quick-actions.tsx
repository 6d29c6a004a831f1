import { Award, Calculator, CalendarDays, ListChecks } from "lucide-react";
import { Link } from "wouter";

const ACTIONS = [
  { href: "/tasks", label: "View Tasks", icon: ListChecks },
  { href: "/calendar", label: "Check Calendar", icon: CalendarDays },
  { href: "/gpa", label: "Calculate GPA", icon: Calculator },
  { href: "/achievements", label: "View Achievements", icon: Award },
] as const;

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading" className="grid gap-3">
      <h2 id="quick-actions-heading" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {ACTIONS.map((a) => (
          <Link
            key={a.href}
            href={a.href}
            className="flex flex-col items-center gap-2 rounded-xl border border-border bg-surface p-4 text-center text-sm font-medium shadow-sm transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            <a.icon className="h-6 w-6 text-accent" aria-hidden />
            {a.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
