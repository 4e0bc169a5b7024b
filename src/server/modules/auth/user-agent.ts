/**
 * A browser's name and system from its User-Agent, for the new sign-in mail and the session list: names
 * only, never the raw header.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser's and the system's names, each undefined when not recognised. */
function namesOf(userAgent: string | undefined): { browser: string | undefined; system: string | undefined } {
  const ua = (userAgent ?? '').slice(0, 512);
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1],
  };
}

/** 'Chrome on Linux', 'Firefox', 'an unknown browser' (for a sentence of the new sign-in mail). */
export function browserOf(userAgent: string | undefined): string {
  const { browser, system } = namesOf(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `a browser on ${system}` : 'an unknown browser');
}

/** What a session stores of its browser: 'Chrome on Linux', 'Firefox', 'Unknown browser on Linux'; null when neither is known. */
export function deviceName(userAgent: string | undefined): string | null {
  const { browser, system } = namesOf(userAgent);
  if (system) return `${browser ?? 'Unknown browser'} on ${system}`;
  if (!browser) return null;
  return browser;
}
