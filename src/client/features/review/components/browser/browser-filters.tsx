import { useEffect, useRef, useState } from "react";
import { Input, Label, Select } from "#client/components/ui/form.tsx";
import { BROWSER_DUE, BROWSER_SORTS, BROWSER_STATES } from "#shared/review/browser-options.ts";
import type { BrowserFilters } from "../../card-browser.api.ts";

const SORT_LABELS = {
  added: "Date added",
  due: "Due date",
  question: "Question",
  set: "Set",
  lapses: "Lapses",
};
const DUE_LABELS = { overdue: "Overdue", today: "Due today", week: "Due this week" };

/** Typing waits a moment before it asks the server again. */
function useDebounced(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function Choice({
  id,
  label,
  value,
  onChange,
  options,
  any = "Any",
}: {
  id: string;
  label: string;
  value: string | number | undefined;
  onChange: (v: string) => void;
  options: readonly (readonly [string | number, string])[];
  any?: string | null;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
        {any !== null && <option value="">{any}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Search text, set, state, tag, due and sort: each change asks the server for the first page again. */
export function BrowserFilterBar({
  sets,
  filters,
  onChange,
}: {
  sets: { id: number; title: string }[];
  filters: BrowserFilters;
  onChange: (f: BrowserFilters) => void;
}) {
  const [text, setText] = useState(filters.q ?? "");
  const [tag, setTag] = useState(filters.tag ?? "");
  const q = useDebounced(text.trim());
  const settledTag = useDebounced(tag.trim());
  // Read through a ref: only the settled text drives the effect, the rest is read as it is then.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    const { filters: f, onChange: change } = latest.current;
    if ((f.q ?? "") !== q || (f.tag ?? "") !== settledTag)
      change({ ...f, q: q || undefined, tag: settledTag || undefined });
  }, [q, settledTag]);
  const set = <K extends keyof BrowserFilters>(key: K, v: string) =>
    onChange({ ...filters, [key]: v === "" ? undefined : key === "setId" ? Number(v) : v });

  return (
    <search className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Filter cards">
      <div className="col-span-2 grid gap-1 sm:col-span-3 lg:col-span-2">
        <Label htmlFor="browser-q">Search</Label>
        <Input
          id="browser-q"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Question or answer"
        />
      </div>
      <Choice
        id="browser-set"
        label="Set"
        value={filters.setId}
        onChange={(v) => set("setId", v)}
        any="All sets"
        options={sets.map((s) => [s.id, s.title] as const)}
      />
      <Choice
        id="browser-state"
        label="State"
        value={filters.state}
        onChange={(v) => set("state", v)}
        options={BROWSER_STATES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)}
      />
      <Choice
        id="browser-due"
        label="Due"
        value={filters.due}
        onChange={(v) => set("due", v)}
        options={BROWSER_DUE.map((d) => [d, DUE_LABELS[d]] as const)}
      />
      <div className="grid gap-1">
        <Label htmlFor="browser-tag">Tag</Label>
        <Input
          id="browser-tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          placeholder="e.g. leech"
        />
      </div>
      <Choice
        id="browser-sort"
        label="Sort by"
        value={filters.sort ?? "added"}
        onChange={(v) => set("sort", v)}
        any={null}
        options={BROWSER_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
      />
      <Choice
        id="browser-dir"
        label="Order"
        value={filters.dir ?? "asc"}
        onChange={(v) => set("dir", v)}
        any={null}
        options={
          [
            ["asc", "Ascending"],
            ["desc", "Descending"],
          ] as const
        }
      />
    </search>
  );
}
