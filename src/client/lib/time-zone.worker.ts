// The browser's IANA zone, worked out off the page's thread (see browser-time-zone.ts).
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
