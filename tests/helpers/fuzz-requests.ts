/**
 * Arbitraries of whole requests for one route: who calls, path parameters, query string and body
 * (JSON of the wrong shape, broken JSON, wrong media types, multipart uploads). Requests are plain data so that
 * fast-check can print and shrink them; file contents are described, and made into bytes only when sent.
 */
import fc from 'fast-check';
import type { Route } from './fuzz-model.ts';
import {
  BROKEN_JSON,
  hugeString,
  jsonText,
  NUMBER_TEXTS,
  objectJson,
  pollutionJson,
  POLLUTION_KEYS,
  weirdScalar,
  weirdString,
  weirdValue,
} from './fuzz-values.ts';

export type Caller = 'admin' | 'customer' | 'none';

/** What a file part holds: a real picture (perhaps cut short), a known non-picture, random bytes or a huge file. */
export type FileContent =
  | { picture: 'png' | 'jpeg' | 'webp' | 'gif'; cut?: number | undefined }
  | { magic: 'pdf' | 'svg' | 'html' | 'exe' | 'polyglot' | 'mp3' | 'zip' | 'empty' | 'riff-not-webp' }
  | { random: number }
  | { huge: number };

export type Part =
  { name: string; value: string } | { name: string; fileName: string; type: string; content: FileContent };

export type FuzzBody =
  | { kind: 'json'; text: string }
  | { kind: 'raw'; contentType: string | undefined; text: string }
  | {
      kind: 'multipart';
      parts: Part[];
      manyParts?: number | undefined;
      contentLength?: string | undefined;
      brokenBoundary?: boolean | undefined;
    };

export interface FuzzRequest {
  caller: Caller;
  /** Path parameters, already encoded. */
  segments: string[];
  /** '' or '?…', already encoded. */
  query: string;
  body?: FuzzBody | undefined;
}

/** What one route's arbitraries start from. */
export interface RouteKnowledge {
  /** Field names: the shared schemas', the answers', and the ones this route's refusals asked for. */
  keys: readonly string[];
  /** A body this route's refusals led to (see probeFields), or a read's object for it; {} when none. */
  skeletons: readonly Record<string, unknown>[];
  /** Real ids and slugs for its parameters. */
  ids: readonly string[];
  /** Query parameter names worth trying. */
  queryKeys: readonly string[];
  /** The file fields an upload route takes (probeFileFields); empty elsewhere. */
  fileFields: readonly string[];
}

/** Admins reach furthest into a route, so they call most; the others are refused early (or served a public read). */
export const CALLERS: readonly Caller[] = ['admin', 'admin', 'admin', 'customer', 'none'];

/** Path segments that are not ids: empty, encoded slashes and dots, bad escapes, numbers, huge, hostile. */
const RAW_SEGMENTS = [
  '%2F',
  'a%2Fb',
  '..%2F..%2Fsite.db',
  '%2e%2e',
  '%252F',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '%20',
  '.',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  '%27%20OR%201%3D1--',
  '%3Cscript%3E',
  '%5F%25',
];

function segmentArbitrary(ids: readonly string[]): fc.Arbitrary<string> {
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    {
      weight: 3,
      arbitrary: weirdString
        .filter((s) => s.length < 3000)
        .map((s) => encodeURIComponent(s.isWellFormed() ? s : s.toWellFormed())),
    },
  ];
  if (ids.length > 0) options.push({ weight: 4, arbitrary: fc.constantFrom(...ids).map(encodeURIComponent) });
  return fc.oneof(...options);
}

/** Query strings: known and hostile names, repeated keys, number-like and hostile values; a few left unencoded. */
function queryArbitrary(keys: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...keys) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[fuzzPolluted]',
        'constructor[prototype][fuzzPolluted]',
        '__proto__',
        'k[]',
        'a.b',
      ),
    },
    { weight: 1, arbitrary: weirdString.filter((s) => s.length < 500) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
    { weight: 4, arbitrary: weirdString },
    { weight: 1, arbitrary: fc.constantFrom(...keys) },
  );
  const pair = fc.tuple(name, value, fc.boolean()).map(([k, v, raw]) => {
    const enc = (s: string) => encodeURIComponent(s.toWellFormed());
    return raw && v.length < 200 && /^[\x21-\x7e]*$/.test(v) ? `${enc(k)}=${v}` : `${enc(k)}=${enc(v)}`;
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join('&')}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), fc.nat({ max: 300 }))
        .map(([k, n]) => `?${Array.from({ length: n + 2 }, (_, i) => `${encodeURIComponent(k)}=${i}`).join('&')}`),
    },
  );
}

/** A skeleton with one to three fields spoilt (a hostile value, a wrong type, removed) or a hostile field added. */
function spoiltSkeleton(knowledge: RouteKnowledge, value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const skeleton = knowledge.skeletons.length > 0 ? fc.constantFrom(...knowledge.skeletons) : fc.constant({});
  return skeleton
    .chain((base) => {
      const own = Object.keys(base);
      const key = fc.oneof(
        { weight: own.length > 0 ? 5 : 0, arbitrary: own.length > 0 ? fc.constantFrom(...own) : fc.constant('x') },
        { weight: 2, arbitrary: fc.constantFrom(...knowledge.keys) },
        { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
      );
      // fc.option's nil (one in six): the field is removed.
      const edit = fc.tuple(key, fc.option(value, { freq: 6 }));
      return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => [base, edits] as const);
    })
    .map(([base, edits]) => {
      const entries = new Map<string, unknown>(Object.entries(base));
      for (const [key, v] of edits) {
        // A field the skeleton has gets a bad value or goes; a key it lacks is added.
        if (v === null && entries.has(key)) entries.delete(key);
        else entries.set(key, v);
      }
      return objectJson([...entries]);
    });
}

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/json-patch+json',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  undefined,
];

/** JSON bodies of every wrong shape, and bodies that are not JSON at all. */
export function jsonBodyArbitrary(knowledge: RouteKnowledge): fc.Arbitrary<FuzzBody | undefined> {
  const keys = knowledge.keys;
  const value = weirdValue(keys);
  const json = (text: fc.Arbitrary<string>) => text.map((t): FuzzBody => ({ kind: 'json', text: t }));
  return fc.oneof(
    { weight: 6, arbitrary: json(spoiltSkeleton(knowledge, value)) },
    {
      weight: 3,
      arbitrary: json(
        fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }).map((o) => objectJson(Object.entries(o))),
      ),
    },
    { weight: 2, arbitrary: json(value.map(jsonText)) },
    { weight: 2, arbitrary: json(pollutionJson(keys)) },
    { weight: 1, arbitrary: json(spoiltSkeleton(knowledge, hugeString)) },
    { weight: 1, arbitrary: json(fc.constantFrom(...BROKEN_JSON)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WRONG_TYPES),
          fc.oneof(
            fc.constantFrom(...BROKEN_JSON.filter((b) => b.length < 1000)),
            spoiltSkeleton(knowledge, weirdScalar),
          ),
        )
        .map(([contentType, text]): FuzzBody => ({ kind: 'raw', contentType, text })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Field names a multipart file may come under: the candidates probeFileFields tries on each upload route. */
export const FILE_FIELDS = [
  'image',
  'photo',
  'file',
  'logo',
  'logo_dark',
  'icon',
  'audio',
  'avatar',
  'document',
  'picture',
];
const FILE_NAMES = [
  'photo.png',
  'photo.PNG',
  'photo.jpg',
  'photo.svg',
  'photo.html',
  'photo.png.exe',
  '../../../etc/passwd',
  '..\\..\\x.png',
  '/abs/x.png',
  'a\r\nContent-Type: text/html\r\n\r\n<script>.png',
  'x.png\u0000.html',
  '"quoted".png',
  '',
  '.htaccess',
  `${'n'.repeat(5000)}.png`,
  '\u202egnp.exe',
  '\ud800.png',
  'ﷺ.png',
];
const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
  '',
  'audio/mpeg',
  'application/pdf',
  'image/png; charset=utf-8',
];

const fileContent: fc.Arbitrary<FileContent> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      picture: fc.constantFrom('png', 'jpeg', 'webp', 'gif'),
      cut: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      magic: fc.constantFrom('pdf', 'svg', 'html', 'exe', 'polyglot', 'mp3', 'zip', 'empty', 'riff-not-webp'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ random: fc.integer({ min: 1, max: 4096 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ huge: fc.constantFrom(5 * 1024 * 1024 + 1, 5 * 1024 * 1024 - 100, 11 * 1024 * 1024) }),
  },
);

/** `arbitrary` about once in `every` runs, else undefined (fc.option's freq is the other way round). */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/** Multipart bodies: hostile text fields, files of the wrong kind or cut short, bad file names, many parts, lying sizes. */
export function multipartArbitrary(knowledge: RouteKnowledge): fc.Arbitrary<FuzzBody> {
  const textPart = fc.record({
    name: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...knowledge.keys) },
      { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS, '__proto__[role]', 'social[facebook]') },
    ),
    value: weirdString,
  });
  const skeletonParts = (
    knowledge.skeletons.length > 0 ? fc.constantFrom(...knowledge.skeletons) : fc.constant({})
  ).map((s) =>
    Object.entries(s).map(([name, v]): Part => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) })),
  );
  const filePart = fc.record({
    name: fc.oneof(
      {
        weight: knowledge.fileFields.length > 0 ? 8 : 0,
        arbitrary: fc.constantFrom(...(knowledge.fileFields.length > 0 ? knowledge.fileFields : ['image'])),
      },
      { weight: 1, arbitrary: fc.constantFrom(...FILE_FIELDS) },
      { weight: 1, arbitrary: weirdString.filter((s) => s.length < 200) },
    ),
    fileName: fc.constantFrom(...FILE_NAMES),
    type: fc.constantFrom(...FILE_TYPES),
    content: fileContent,
  });
  return fc
    .record({
      base: skeletonParts,
      parts: fc.array(fc.oneof(textPart, filePart), { minLength: 0, maxLength: 5 }),
      manyParts: rarely(fc.constantFrom(300, 2000), 8),
      contentLength: rarely(fc.constantFrom('99999999999', '5308417', '-1', 'abc', '0'), 6),
      brokenBoundary: rarely(fc.constant(true), 8),
    })
    .map(({ base, parts, manyParts, contentLength, brokenBoundary }): FuzzBody => ({
      kind: 'multipart',
      parts: [...base, ...parts],
      manyParts,
      contentLength,
      brokenBoundary,
    }));
}

/** Requests for `route` from any caller: parameters and query strings always hostile, a body for every write. */
export function requestArbitrary(
  route: Route,
  knowledge: RouteKnowledge,
  options: { callers?: readonly Caller[]; multipart?: boolean } = {},
): fc.Arbitrary<FuzzRequest> {
  const segments = fc.tuple(...route.params.map(() => segmentArbitrary(knowledge.ids)));
  const bodies =
    route.method === 'GET'
      ? fc.constant(undefined)
      : options.multipart
        ? multipartArbitrary(knowledge)
        : jsonBodyArbitrary(knowledge);
  return fc.record({
    caller: fc.constantFrom(...(options.callers ?? CALLERS)),
    segments: route.params.length > 0 ? segments : fc.constant([] as string[]),
    query:
      route.method === 'GET'
        ? queryArbitrary(knowledge.queryKeys)
        : fc.oneof(
            { weight: 4, arbitrary: fc.constant('') },
            { weight: 1, arbitrary: queryArbitrary(knowledge.queryKeys) },
          ),
    body: bodies,
  });
}
