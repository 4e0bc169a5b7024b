/**
 * Complete answers: responses built with every header the middleware stack would add after the handler (security
 * headers, validators, Content-Encoding and Vary). security-headers.ts and compress.ts pass them through untouched, so
 * their plain prebuilt headers reach @hono/node-server's writeHead as they are, without a Headers object in between.
 * A middleware that does not know about them still works on them, only slower.
 */

export type HeaderRecord = Readonly<Record<string, string>>;

// A mark on the response itself: a WeakSet cost about 0.2 µs per answer, as much as the rest of the route.
const COMPLETE = Symbol('complete answer');
type Marked = Response & { [COMPLETE]?: true };

/** A response the header-setting middleware leaves alone: `headers` must already hold everything they would add. */
export function completeAnswer(
  body: string | Uint8Array<ArrayBuffer> | null,
  status: number,
  headers: HeaderRecord,
): Response {
  const res: Marked = new Response(body, { status, headers });
  res[COMPLETE] = true;
  return res;
}

export function isCompleteAnswer(res: Response): boolean {
  return (res as Marked)[COMPLETE] === true;
}
