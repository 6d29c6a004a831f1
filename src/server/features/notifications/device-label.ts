/**
 * 'Firefox on Android' from a User-Agent header, for the device list when the page sent no label. Only
 * a label the student reads: the first matching browser and platform token is enough, and anything
 * unrecognised is 'Browser' / 'this device'.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const PLATFORMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return "Browser";
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? "Browser";
  const platform = PLATFORMS.find(([re]) => re.test(userAgent))?.[1];
  return platform ? `${browser} on ${platform}` : browser;
}
