import {
  BookOpen,
  Calculator,
  CalendarDays,
  House,
  ListTodo,
  type LucideIcon,
  School,
  Settings,
  Trophy,
  Users,
} from "lucide-react";

/**
 * The icons the main navigation shows, by lucide name: routes.ts names them as text because boot.ts reads
 * the route table before React (which every icon component needs) has arrived.
 */
export const NAV_ICONS = {
  house: House,
  "list-todo": ListTodo,
  "calendar-days": CalendarDays,
  school: School,
  "book-open": BookOpen,
  users: Users,
  trophy: Trophy,
  calculator: Calculator,
  settings: Settings,
} satisfies Record<string, LucideIcon>;

export type NavIconName = keyof typeof NAV_ICONS;
