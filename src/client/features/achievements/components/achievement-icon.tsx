import { Award, BookOpen, Calendar, CircleHelp, Flame, Trophy, Users } from "lucide-react";
import type { Achievement } from "#shared/achievements/contract.ts";

const ICONS = { award: Award, trophy: Trophy, flame: Flame, "book-open": BookOpen, calendar: Calendar };

/** SPEC §2.10: the achievement's own icon, award when unknown. */
export function AchievementIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? Award;
  return <Icon aria-hidden className={className} />;
}

const CATEGORY_ICONS = { study: BookOpen, social: Users, streak: Flame, milestone: Trophy, other: Award };

/** SPEC §2.9: the grid shows the category's icon. */
export function CategoryIcon({
  category,
  className,
}: {
  category: Achievement["category"];
  className?: string;
}) {
  const Icon = CATEGORY_ICONS[category] ?? Award;
  return <Icon aria-hidden className={className} />;
}

export const HintIcon = CircleHelp;
