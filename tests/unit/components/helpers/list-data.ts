/**
 * The list islands' one request: their data file (/data/<list>.<hash>.json), answered at the fetch boundary with a
 * real Response, so ofetch parses it as it would in the browser. A test can hold the answer back to look at the island
 * while the data is on its way.
 */
import { act } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { deferred } from './browser.ts';

export interface ListDataStub {
  fetch: Mock<typeof fetch>;
  /** How many requests asked for the data file. */
  dataRequests: () => number;
  /** Lets a held answer go and waits until the island has rendered it. */
  release: () => Promise<void>;
}

const pathOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    .pathname;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers GET `dataUrl` with `items` (at once, or once `release` is called when `hold` is set), any other request
 * with 404. Undo with vi.unstubAllGlobals().
 */
export function stubListData(dataUrl: string, items: unknown, { hold = false } = {}): ListDataStub {
  const gate = deferred<undefined>();
  if (!hold) gate.resolve(undefined);
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    if (pathOf(input) !== dataUrl) return json(404, { message: 'Not found' });
    await gate.promise;
    return json(200, items);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    dataRequests: () => fetchMock.mock.calls.filter(([input]) => pathOf(input) === dataUrl).length,
    release: async () => {
      gate.resolve(undefined);
      await settle();
    },
  };
}

/** Lets every pending answer arrive and be parsed (a Response's body is read on later ticks) and React render it. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
