/**
 * A staff session's device in plain words, from its User-Agent, for /admin/profile's list of
 * sessions and the audit line of a session signed out (docs/decisions/004-staff-authentication.md).
 * A rough guess for people, never used for a decision.
 *
 * Hand-written tables rather than ua-parser-js: its 2.x line is AGPL-3.0-or-later, and its MIT 1.x
 * line names half of these differently ('Mobile Safari', 'Mac OS', 'iOS', 'Chrome Headless', no
 * curl), so it would need a renaming table as long as these
 * (docs/decisions/044-libraries-over-hand-written-code.md).
 */

/** First match wins: Edge, Opera and Samsung Internet also say 'Chrome', Chrome also says 'Safari'. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
  [/\b(HeadlessChrome)\//, 'Chrome'],
];
/** First match wins: iPhones say 'like Mac OS X', Android and ChromeOS say 'Linux'. */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * 'Chrome on Linux', 'Safari on iPhone', 'Firefox' (system unknown), 'Browser on Android' (browser
 * unknown), 'curl', 'Unknown browser', or for a Bearer session 'API client' (no browser or system
 * recognised) and 'API client on Linux'. `kind` is the session's: 'cookie' (a browser) or 'bearer'
 * (a REST client). Never throws; a missing User-Agent is unknown.
 */
export function describeDevice(userAgent: string | null | undefined, kind: 'cookie' | 'bearer' = 'cookie'): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser && !system) return kind === 'bearer' ? 'API client' : 'Unknown browser';
  if (browser === 'curl') return 'curl';
  if (!browser) return `${kind === 'bearer' ? 'API client' : 'Browser'} on ${system}`;
  return system ? `${browser} on ${system}` : browser;
}
