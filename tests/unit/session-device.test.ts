/** What a session keeps of its User-Agent: the browser's and the system's names, or nothing. */
import { describe, expect, it } from 'vitest';
import { browserOf, deviceName } from '../../src/server/modules/auth/user-agent.ts';

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['curl/8.5.0', 'curl'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Unknown browser on Linux'],
    ['<script>alert(1)</script>', null],
    ['', null],
    [undefined, null],
  ])('names %j as %j', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });

  it('keeps nothing of the header beyond the names', () => {
    const ua = `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0 secret-${'x'.repeat(600)}`;
    expect(deviceName(ua)).toBe('Firefox on Windows');
    // The mail's wording from the same names.
    expect(browserOf(ua)).toBe('Firefox on Windows');
  });
});
