import type { Ref } from "react";

/** The typed-answer field of Learn and Write: no autocorrect or capitals, read-only once checked. */
export function AnswerField({
  value,
  onChange,
  readOnly,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      Your answer
      <input
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        readOnly={readOnly}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        className="min-w-0 rounded-md border border-border bg-bg px-3 py-2 text-base font-normal"
      />
    </label>
  );
}
