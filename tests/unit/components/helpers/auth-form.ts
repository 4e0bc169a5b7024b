/**
 * The setup every sign-in form test shares: the browser's location stubbed, GET /api/auth/me answered at the fetch
 * boundary, and no console error allowed. The test file itself mocks src/lib/api/auth.ts (vi.mock is per file); every
 * mocked endpoint function is reset after each test.
 */
import { afterEach, beforeEach, expect, vi, type Mock, type MockInstance } from 'vitest';
import * as auth from '../../../../src/lib/api/auth.ts';
import { $token } from '../../../../src/lib/stores/session.ts';
import { consoleMessages, stubLocation, stubMeFetch, watchConsoleErrors, type StubbedLocation } from './browser.ts';

export const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

export interface AuthFormTest {
  nav: StubbedLocation;
  network: Mock<typeof fetch>;
}

/** Registers the shared beforeEach/afterEach; the returned object holds the current test's stubs. */
export function setUpAuthFormTest(path: string): AuthFormTest {
  const current = {} as AuthFormTest;
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    current.nav = stubLocation(path);
    current.network = stubMeFetch({ status: 200, body: { _id: 'u1', username: 'ada', must_change_password: false } });
    consoleError = watchConsoleErrors();
  });
  afterEach(() => {
    const logged = consoleMessages(consoleError);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    for (const fn of Object.values(auth)) if (vi.isMockFunction(fn)) fn.mockReset();
    $token.set(null);
    // React reports bad props, state updates outside act() and similar on console.error.
    expect(logged).toEqual([]);
  });
  return current;
}
