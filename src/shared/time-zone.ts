/** Zones already found valid: building a formatter to check one costs about half a millisecond. */
const knownZones = new Set<string>();

/** Whether `timeZone` is an IANA zone this runtime knows (validate what a client reports). */
export function isTimeZone(timeZone: string): boolean {
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    return false;
  }
  if (knownZones.size < 1_000) knownZones.add(timeZone);
  return true;
}
