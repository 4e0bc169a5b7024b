/**
 * A slow mobile link for real Chromium, below the browser: Chromium runs in a network namespace of its own, joined to
 * this one by a veth pair whose two ends are shaped by a token bucket (tc tbf: Lighthouse's mobile link, 1.6 Mbit/s
 * down and 750 kbit/s up, packet by packet), and reaches the product through a relay on the host end that holds every
 * chunk half a round trip each way (75 ms, so 150 ms round trips) and a new connection's first bytes one round trip
 * more (its TCP handshake). This kernel has no netem, so the delay is the relay's; the rate is the kernel's.
 *
 * It needs root and iproute2 (CI runs as root); elsewhere it says why it was not measured.
 */
import { execFile, spawn } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LINK = { rttMs: 150, downKbit: 1638, upKbit: 750 } as const;

export interface EmulatedLink {
  /** The product as Chromium in the namespace reaches it. */
  origin: string;
  /** Runs `node script args` inside the namespace; resolves to its standard output. */
  runNode: (script: string, args: string[]) => Promise<string>;
  close: () => Promise<void>;
}

/** Forwards `from` to `to`, each chunk `delayMs` later (the first one `firstDelayMs` later), in order. */
function delayed(from: Socket, to: Socket, delayMs: number, firstDelayMs = delayMs): void {
  let first = true;
  from.on('data', (chunk) => {
    const wait = first ? firstDelayMs : delayMs;
    first = false;
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, wait);
  });
  // The end goes after the last chunk, so nothing is cut short.
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
}

function relay(host: string, listenPort: number, target: { host: string; port: number }): Promise<Server> {
  const half = LINK.rttMs / 2;
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    delayed(client, upstream, half, half + LINK.rttMs);
    delayed(upstream, client, half);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => resolve(server));
  });
}

const ip = (...args: string[]) => run('ip', args);
const tc = (...args: string[]) => run('tc', args);

/**
 * Sets the link up towards the product at `target` (an address of this namespace), or says why this
 * machine cannot (not root, no iproute2, no tbf).
 */
export async function openEmulatedLink(target: {
  host: string;
  port: number;
}): Promise<EmulatedLink | { unavailable: string }> {
  if (process.getuid?.() !== 0) return { unavailable: 'needs root (network namespaces and tc)' };
  const id = process.pid % 200;
  const ns = `bench-link-${process.pid}`;
  const [outer, inner] = [`blo${process.pid}`.slice(0, 15), `bli${process.pid}`.slice(0, 15)];
  const [hostAddress, nsAddress] = [`10.77.${id}.1`, `10.77.${id}.2`];
  const undo: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
  };
  try {
    await ip('netns', 'add', ns);
    undo.push(() => ip('netns', 'del', ns));
    await ip('link', 'add', outer, 'type', 'veth', 'peer', 'name', inner);
    undo.push(() => ip('link', 'del', outer));
    await ip('link', 'set', inner, 'netns', ns);
    await ip('addr', 'add', `${hostAddress}/24`, 'dev', outer);
    await ip('link', 'set', outer, 'up');
    await ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${nsAddress}/24`, 'dev', inner);
    await ip('netns', 'exec', ns, 'ip', 'link', 'set', inner, 'up');
    await ip('netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up');
    // Down is what leaves the host end; up what leaves the namespace's. The queue holds a second of traffic.
    await tc(
      'qdisc',
      'add',
      'dev',
      outer,
      'root',
      'tbf',
      'rate',
      `${LINK.downKbit}kbit`,
      'burst',
      '8kb',
      'latency',
      '1s',
    );
    await ip(
      'netns',
      'exec',
      ns,
      'tc',
      'qdisc',
      'add',
      'dev',
      inner,
      'root',
      'tbf',
      'rate',
      `${LINK.upKbit}kbit`,
      'burst',
      '8kb',
      'latency',
      '1s',
    );
    const server = await relay(hostAddress, target.port, target);
    undo.push(() => new Promise((resolve) => server.close(resolve)));
    return {
      origin: `http://${hostAddress}:${target.port}`,
      runNode: (script, args) =>
        new Promise((resolve, reject) => {
          const child = spawn('ip', ['netns', 'exec', ns, process.execPath, script, ...args], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}`))));
        }),
      close,
    };
  } catch (error) {
    await close();
    return {
      unavailable: `the link could not be set up: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
}

export interface LinkResult {
  rttMs: number;
  downKbit: number;
  upKbit: number;
  runs: number;
  /** The reference page's median LCP. */
  referenceLcpMs: number;
  pages: { name: string; path: string; lcpMs: number; ratio: number; runsMs: number[] }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Each page's median LCP in real Chromium over the emulated link, beside the reference page's (`referencePath`), from
 * `runs` loads each with an empty cache; or why it could not be measured.
 */
export async function measureLinkLcp(
  origin: string,
  referencePath: string,
  pages: { name: string; path: string }[],
  runs: number,
): Promise<LinkResult | { unavailable: string }> {
  const url = new URL(origin);
  const link = await openEmulatedLink({ host: url.hostname, port: Number(url.port) });
  if ('unavailable' in link) return link;
  try {
    const script = new URL('./link-lcp.ts', import.meta.url).pathname;
    const paths = [referencePath, ...pages.map((p) => p.path)];
    const lcp = JSON.parse(await link.runNode(script, [link.origin, String(runs), ...paths])) as Record<
      string,
      number[]
    >;
    const referenceLcpMs = median(lcp[referencePath] ?? []);
    return {
      ...LINK,
      runs,
      referenceLcpMs,
      pages: pages.map((page) => {
        const runsMs = lcp[page.path] ?? [];
        const lcpMs = median(runsMs);
        return { ...page, lcpMs, ratio: lcpMs / referenceLcpMs, runsMs };
      }),
    };
  } finally {
    await link.close();
  }
}
