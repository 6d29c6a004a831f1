import { GraduationCap, LogOut, Menu, MessageSquare, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation } from "wouter";
import { AppStatus } from "#client/components/app-status.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { useLogout } from "#client/features/auth/auth.api.ts";
import { useCanvasAutoSync } from "#client/features/canvas/canvas.api.ts";
import { NotificationBell } from "#client/features/notifications/components/notification-bell.tsx";
import { useSavedThemeOnNewDevice } from "#client/features/settings/settings.api.ts";
import { cn } from "#client/lib/cn.ts";
import type { User } from "#shared/auth/contract.ts";
import { AssistantLauncher } from "./assistant-launcher.tsx";
import { NAV_ICONS, type NavIconName } from "./nav-icons.tsx";
import { NAV_ROUTES } from "./routes.ts";

const NAV_LINKS = NAV_ROUTES.map((r) => ({ href: r.path, ...r.nav }));

function NavLink({
  href,
  label,
  icon,
  iconClassName,
  onNavigate,
}: {
  href: string;
  label: string;
  icon: NavIconName;
  /** The desktop bar shows icons only where it has room for them. */
  iconClassName?: string;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  const Icon = NAV_ICONS[icon];
  const active = href === "/" ? location === "/" : location.startsWith(href);
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors",
        active ? "bg-accent/10 text-link" : "text-muted hover:bg-bg hover:text-fg",
      )}
    >
      <Icon className={cn("h-4 w-4 shrink-0", iconClassName)} aria-hidden />
      {label}
    </Link>
  );
}

export function Shell({ user, children }: { user: User; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [assistantOpen, setAssistantOpen] = useState(false);
  // The menu would stay open behind the chat.
  const openAssistant = () => {
    setMenuOpen(false);
    setAssistantOpen(true);
  };
  const logout = useLogout();
  useSavedThemeOnNewDevice();
  useCanvasAutoSync();
  const [, navigate] = useLocation();
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate("/") });

  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <Link href="/" className="flex items-center gap-2 font-semibold text-fg">
            <GraduationCap className="h-6 w-6 text-accent" aria-hidden />
            Studyhall
          </Link>
          <nav aria-label="Main" className="hidden flex-1 items-center gap-1 xl:flex">
            {NAV_LINKS.map((l) => (
              <NavLink key={l.href} {...l} iconClassName="hidden 2xl:block" />
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            {/* Below `sm` the assistant opens from here: floating over the page at 360 px, its button sat
                on the text of the first view (Materials' 'How to use'), which no step aside could avoid. */}
            {!assistantOpen && (
              <Button
                variant="ghost"
                size="icon"
                className="sm:hidden"
                aria-label="Open AI Assistant"
                onClick={openAssistant}
              >
                <MessageSquare className="h-5 w-5" aria-hidden />
              </Button>
            )}
            <NotificationBell />
          </div>
          <div className="hidden items-center gap-3 xl:flex">
            <span className="whitespace-nowrap text-sm text-muted">Welcome, {user.firstName}</span>
            <Button variant="secondary" size="sm" onClick={signOut} disabled={logout.isPending}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign Out
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </Button>
        </div>
        {menuOpen && (
          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="grid gap-1 border-t border-border px-4 py-3 xl:hidden"
          >
            <p className="px-3 pb-2 text-sm text-muted">Welcome, {user.firstName}</p>
            {NAV_LINKS.map((l) => (
              <NavLink key={l.href} {...l} onNavigate={() => setMenuOpen(false)} />
            ))}
            <Button variant="secondary" size="sm" className="mt-2 justify-start" onClick={signOut}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign Out
            </Button>
          </nav>
        )}
        <AppStatus />
      </header>
      {/* sm:pb-24: room below the content for the floating assistant button, so it never covers the last row. */}
      <main id="main" className="mx-auto max-w-7xl px-4 pt-6 pb-8 sm:pt-8 sm:pb-24">
        {children}
      </main>
      <AssistantLauncher
        open={assistantOpen}
        onOpen={openAssistant}
        onClose={() => setAssistantOpen(false)}
      />
    </div>
  );
}
