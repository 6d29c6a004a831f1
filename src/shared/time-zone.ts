/** Whether `timeZone` is an IANA zone this runtime knows (validate what a client reports). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
