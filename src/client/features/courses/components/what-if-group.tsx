import type { UseFormReturn } from "react-hook-form";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import type { GradeGroupData } from "#shared/courses/grades-contract.ts";
import type { GroupGrade } from "#shared/courses/what-if.ts";
import type { WhatIfInputs } from "../what-if-inputs.ts";
import { WhatIfRow } from "./what-if-row.tsx";

const rulesText = (g: GradeGroupData) =>
  [
    g.dropLowest ? `drops the lowest ${g.dropLowest}` : "",
    g.dropHighest ? `drops the highest ${g.dropHighest}` : "",
  ]
    .filter(Boolean)
    .join(", ");

/** An assignment group: its weight, drop rules and grade with the What-If scores in. */
export function WhatIfGroup({
  group,
  grade,
  weighted,
  form,
}: {
  group: GradeGroupData;
  grade: GroupGrade | undefined;
  weighted: boolean;
  form: UseFormReturn<WhatIfInputs>;
}) {
  const dropped = new Set(grade?.dropped ?? []);
  const rules = rulesText(group);
  const percent = grade?.percent == null ? "—" : `${Math.round(grade.percent * 100) / 100}%`;
  return (
    <Card className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle>{group.name}</CardTitle>
        <p className="text-sm text-muted">
          {weighted && `${group.weight}% of the grade · `}
          {percent}
        </p>
      </div>
      {rules && <p className="text-xs text-muted">This group {rules}.</p>}
      {group.assignments.length === 0 ? (
        <p className="text-sm text-muted">No assignments in this group.</p>
      ) : (
        <ul>
          {group.assignments.map((a) => (
            <WhatIfRow key={a.id} assignment={a} form={form} dropped={dropped.has(a.id)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
