/** Browser stubs for the island tests: navigation, the one network call left unmocked, API errors and React's console. */
import { vi, type Mock } from 'vitest';

/** jsdom's own Location, taken before any test replaces the global. */
const realLocation = window.location;

export interface StubbedLocation {
  assign: Mock<(url: string) => void>;
  replace: Mock<(url: string) => void>;
  reload: Mock<() => void>;
}

/**
 * Puts the page at `url` and replaces `location` with one whose navigations are mocks (jsdom cannot navigate);
 * reading it still gives jsdom's real address, so history.replaceState by the component shows through.
 * Undo with vi.unstubAllGlobals().
 */
export function stubLocation(url = '/'): StubbedLocation {
  history.replaceState(null, '', url);
  const real = realLocation;
  const navigation: StubbedLocation = { assign: vi.fn(), replace: vi.fn(), reload: vi.fn() };
  const fake = {
    ...navigation,
    get href() {
      return real.href;
    },
    get origin() {
      return real.origin;
    },
    get protocol() {
      return real.protocol;
    },
    get host() {
      return real.host;
    },
    get hostname() {
      return real.hostname;
    },
    get port() {
      return real.port;
    },
    get pathname() {
      return real.pathname;
    },
    get search() {
      return real.search;
    },
    get hash() {
      return real.hash;
    },
    toString: () => real.href,
  };
  vi.stubGlobal('location', fake);
  return navigation;
}

/** The error the API client throws on a non-2xx answer: its status and the parsed body as `data` (ApiError and ofetch's FetchError alike). */
export function apiError(status: number, body: unknown = null): Error & { status: number; data: unknown } {
  return Object.assign(new Error(`answered ${status}`), { status, data: body });
}

/** A promise the test settles itself, to look at the form while the request is in flight. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Answers GET /api/auth/me (the call goAfterSignIn makes after a sign-in) at the fetch boundary with a real Response,
 * and anything else with 404, so a test can see every request on the returned mock (the forms' own calls are mocked
 * at module level and never get here).
 */
export function stubMeFetch(me: { status: number; body: unknown }): Mock<typeof fetch> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(
      new URL(url, 'http://localhost').pathname === '/api/auth/me'
        ? json(me.status, me.body)
        : json(404, { message: 'Not found' }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The paths of the requests a fetch mock saw, with their methods ('GET /api/auth/me'). */
export function requestsOf(fetchMock: Mock<typeof fetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const request = input instanceof Request ? input : null;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${(init?.method ?? request?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
  });
}

/** Watches console.error, where React reports bad props, act() problems and failed effects. */
export const watchConsoleErrors = () => vi.spyOn(console, 'error');

/** The messages a console.error spy saw, one string per call, for a readable failure. */
export const consoleMessages = (spy: { mock: { calls: unknown[][] } }): string[] =>
  spy.mock.calls.map((args) => args.map(String).join(' '));

/** jsdom has no modal dialogs: opening and closing one sets `open`, which is all the tests need. */
export function stubModalDialogs(): void {
  const dialog: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
  dialog.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  dialog.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
