const onThisThread = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let zone: Promise<string> | undefined;

/**
 * The browser's IANA zone (streaks, the heatmap, review days and the chat's dates follow it). The first Intl
 * formatter a page builds sets up ICU, 40-90 ms of main-thread work measured in Chromium, a long task on
 * every signed-in load: a worker pays it on its own thread. Where workers are missing (tests in Node), it is
 * asked here.
 */
export function browserTimeZone(): Promise<string> {
  zone ??= new Promise<string>((resolve) => {
    if (typeof Worker === "undefined") return resolve(onThisThread());
    const worker = new Worker(new URL("./time-zone.worker.ts", import.meta.url), { type: "module" });
    const finish = (timeZone: string) => {
      worker.terminate();
      resolve(timeZone);
    };
    worker.onmessage = (e: MessageEvent<string>) => finish(e.data);
    worker.onerror = () => finish(onThisThread());
  });
  return zone;
}
