import { Switch } from "#client/components/ui/switch.tsx";
import { useReviewPreferences, useSaveReviewPreferences } from "../card-browser.api.ts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * Anki's 'bury siblings' (after rating a card, the other cards of its note wait until tomorrow) and Easy
 * Days (weekdays that get fewer reviews: the load balancer moves due dates away from them).
 */
export function BurySiblingsSetting() {
  const prefs = useReviewPreferences();
  const save = useSaveReviewPreferences();
  if (!prefs.data) return null;
  const p = prefs.data;
  const toggleDay = (day: number, on: boolean) =>
    save.mutate({ ...p, easyDays: on ? [...p.easyDays, day] : p.easyDays.filter((d) => d !== day) });
  return (
    <div className="grid gap-3 rounded-xl border border-border bg-surface p-4">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor="bury-siblings" className="text-sm">
          Bury siblings: after rating a card, hide the other cards of the same note (its reverse, other
          clozes) until tomorrow
        </label>
        <Switch
          id="bury-siblings"
          checked={p.burySiblings}
          disabled={save.isPending}
          onCheckedChange={(on) => save.mutate({ ...p, burySiblings: on })}
        />
      </div>
      <fieldset className="grid gap-2" disabled={save.isPending}>
        <legend className="text-sm">Easy Days: fewer reviews are scheduled on these days</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((name, day) => (
            <label key={name} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={p.easyDays.includes(day)}
                // One ordinary day must stay (the contract refuses seven Easy Days).
                disabled={!p.easyDays.includes(day) && p.easyDays.length >= 6}
                onChange={(e) => toggleDay(day, e.target.checked)}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
