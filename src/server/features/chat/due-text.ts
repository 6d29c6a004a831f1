/**
 * How the assistant writes a due date: 'Tue, Nov 24, 2026 at 7:02 AM' in the student's zone. An
 * 'overdue' answer can list hundreds of tasks, and the next question lists the same ones again, so both
 * the formatter (per zone) and the text (per zone and instant) are kept, each in a bounded map.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const texts = new Map<string, string>();
const MAX_ZONES = 1_000;
export const MAX_DUE_TEXTS = 10_000;

/** 'Tue, Nov 24, 2026, 7:02 AM' in en-US. */
export const DUE_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
};

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...DUE_FORMAT, timeZone });
    if (formats.size < MAX_ZONES) formats.set(timeZone, format);
  }
  return format;
}

export function dueText(iso: string, timeZone: string): string {
  const key = `${timeZone} ${iso}`;
  let text = texts.get(key);
  if (text === undefined) {
    // format() is a third of formatToParts()' cost. en-US writes 'Tue, Nov 24, 2026, 7:02 AM' (newer
    // ICU with a narrow no-break space before AM): the last ', ' separates the date from the time.
    const written = formatter(timeZone).format(Date.parse(iso));
    const cut = written.lastIndexOf(", ");
    text = `${written.slice(0, cut)} at ${written.slice(cut + 2).replace(/\s/gu, " ")}`;
    if (texts.size >= MAX_DUE_TEXTS) texts.delete(texts.keys().next().value!);
    texts.set(key, text);
  }
  return text;
}

/** How many texts are kept (for the test of the bound). */
export const dueTextsKept = () => texts.size;
