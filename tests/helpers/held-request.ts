/**
 * An HTTP request held in flight by its client: the headers and the first half of the body go out at once, the rest
 * only when the test says so, so the server is provably in the middle of handling it (e.g. while it shuts down).
 */
import { connect, type Socket } from 'node:net';

export interface HeldRequest {
  /** Sends the rest of the body and resolves with the answer (status 0 when the connection closed without one). */
  finish(): Promise<{ status: number; body: string }>;
  /** Resolves with the answer, without sending the rest of the body. */
  answer: Promise<{ status: number; body: string }>;
  socket: Socket;
}

/** Opens a connection and sends a POST with a JSON body, all but its second half. */
export function holdRequest(origin: string, path: string, json: unknown): Promise<HeldRequest> {
  const url = new URL(origin);
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, half));
      resolve({ socket, answer, finish: () => (socket.write(body.subarray(half)), answer) });
    });
    // Before the connection: the request could not be made; after it, a reset shows as the close below.
    socket.on('error', reject);
    let received = '';
    socket.on('data', (chunk: Buffer) => void (received += chunk.toString('latin1')));
    // One request per connection: the answer is complete when its body reached its Content-Length, or when the
    // server closes the connection (status 0 when no status line came before that).
    const answer = new Promise<{ status: number; body: string }>((done) => {
      // The answer as received so far, and whether it is complete while the connection stays open.
      const parse = () => {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return { parsed: { status: 0, body: received }, complete: false };
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
        const length = /\r\ncontent-length: *(\d+)/i.exec(received.slice(0, end))?.[1];
        const rest = received.slice(end + 4);
        return { parsed: { status, body: rest }, complete: length !== undefined && rest.length >= Number(length) };
      };
      socket.on('data', () => {
        const { parsed, complete } = parse();
        if (complete) done(parsed);
      });
      socket.once('close', () => done(parse().parsed));
    });
  });
}

/** Whether a new connection to `origin` is refused (the listener is closed). */
export function connectionRefused(origin: string): Promise<boolean> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
