import { Switch } from "#client/components/ui/switch.tsx";
import { useReviewPreferences, useSaveReviewPreferences } from "../card-browser.api.ts";

/** Anki's 'bury siblings': after rating a card, the other cards of its note wait until tomorrow. */
export function BurySiblingsSetting() {
  const prefs = useReviewPreferences();
  const save = useSaveReviewPreferences();
  if (!prefs.data) return null;
  const p = prefs.data;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4">
      <label htmlFor="bury-siblings" className="text-sm">
        Bury siblings: after rating a card, hide the other cards of the same note (its reverse, other clozes)
        until tomorrow
      </label>
      <Switch
        id="bury-siblings"
        checked={p.burySiblings}
        disabled={save.isPending}
        onCheckedChange={(on) => save.mutate({ ...p, burySiblings: on })}
      />
    </div>
  );
}
