import { Award, BookOpen, CircleHelp, Flame, Trophy, Users } from "lucide-react";
import type { Achievement } from "#shared/achievements/contract.ts";

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
