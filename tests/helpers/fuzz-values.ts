/**
 * The hostile values the API fuzz sends: unicode edge cases, injection strings, huge texts, values
 * of the wrong type and prototype-pollution keys, as fast-check arbitraries. Pure: nothing here knows a route.
 */
import fc from 'fast-check';

/** The JSON body limit of app.ts (security.md R38). */
export const JSON_LIMIT = 100 * 1024;

/** Marker the pollution payloads try to plant on Object.prototype; the test checks it never appears there. */
export const POLLUTION_MARK = 'fuzzPolluted';

/** Text that is hard on normalising, measuring, escaping and storing. */
export const UNICODE_EDGES: readonly string[] = [
  '\ud800', // lone high surrogate
  'a\udfffb', // lone low surrogate
  '\udc00\ud800', // reversed pair
  '\u0000', // NUL
  'nul\u0000inside',
  '\u202eevil\u202c', // RTL override
  '\u200f\u200e\u061c', // RTL/LTR marks
  '\u200b\u200c\u200d\u2060\ufeff', // zero-width and BOM
  'e\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  'Z\u0351\u0337\u0334\u0315\u0360\u0322\u0327\u0300', // zalgo
  '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}', // ZWJ emoji family
  '\u{1f3f3}\ufe0f\u200d\u{1f308}',
  '\ufdfa', // NFKC: 18 characters
  '\ufdfa'.repeat(200), // NFKC expands 200 to 3600
  '\u2474\u33ff\ufb2c', // compatibility ligatures
  '\uff41\uff44\uff4d\uff49\uff4e', // fullwidth "admin"
  '\u0130\u0131\u017f\u212a', // case-folding traps (dotted I, long s, Kelvin)
  '\u00df\u1e9e',
  '\ufffd\ufffe\uffff', // replacement and non-characters
  '\u{10ffff}\u{e0001}\u{e007f}', // highest code point, tag characters
  '\r\n\t\u000b\u000c\u0085\u2028\u2029', // line breaks of all sorts
  '\u001b[31mred\u001b[0m', // terminal escapes
  ' ', // one space
  '',
];

/** Strings aimed at SQL, LIKE, full-text queries, HTML, paths, headers and templates. */
export const INJECTIONS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; UPDATE users SET role='admin'",
  "') UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '%_%\\',
  '\\',
  "a%' ESCAPE '",
  '*',
  'NEAR(a b)',
  '"unterminated',
  'a AND OR NOT b',
  'title:secret',
  '^start -minus +plus',
  'a & b | !c',
  'a <-> b',
  'pref:*',
  '(((',
  ')',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  'a\r\nSet-Cookie: fuzz=1',
  'x@example.com\r\nBcc: victim@example.com',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '$where',
  '{"$gt":""}',
  '0x7fffffff',
];

/** Numbers at the edges: JSON carries no NaN or Infinity (they serialise as null), so their text forms go in strings. */
export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.1,
  0.3,
  1.005,
  -1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Number-like text a query string or form field might carry. */
export const NUMBER_TEXTS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '1e309',
  '1e-400',
  '99999999999999999999999',
  '0x10',
  '1_000',
  '1.5',
  ' 7 ',
  '07',
  '+3',
  '١٢٣',
  '',
];

/** A huge text: `unit` repeated to `bytes` bytes of UTF-8 (or a little less). */
export function hugeText(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit))));
}

/** Sizes around the JSON body limit and a few field maximums. */
const HUGE_SIZES = [JSON_LIMIT - 512, JSON_LIMIT + 1, 70_000, 10_001, 5001, 1001, 257];
const HUGE_UNITS = ['a', '\u{1f600}', '\ufdfa', '%', 'e\u0301', '<b>'];

export const hugeString = fc
  .tuple(fc.constantFrom(...HUGE_UNITS), fc.constantFrom(...HUGE_SIZES))
  .map(([unit, size]) => hugeText(unit, size));

/** Any hostile text, short or huge. */
export const weirdString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...UNICODE_EDGES), fc.constantFrom(...INJECTIONS)).map(([a, b]) => a + b),
  },
  { weight: 1, arbitrary: hugeString },
);

/** A scalar of any JSON type. */
export const weirdScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  weirdString,
);

/** Property names that reach for the prototype chain. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** A JSON value of any shape whose object keys come from `keys` (field names of the API) or are hostile themselves. */
export function weirdValue(keys: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
    { weight: 1, arbitrary: weirdString },
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      weirdScalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  }));
  return value;
}

/**
 * JSON text of a value, 'null' for what JSON cannot hold (undefined, a function): JSON.stringify returns undefined
 * for those, though its declared type says string.
 */
export function jsonText(value: unknown): string {
  const stringify: (value: unknown) => string | undefined = JSON.stringify;
  return stringify(value) ?? 'null';
}

/** JSON text of an object, keeping `__proto__` as an own key (JSON.stringify of a plain literal would drop it). */
export function objectJson(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
}

/** Payloads that try to set properties on Object.prototype at the top and nested levels, beside real field names. */
export function pollutionJson(keys: readonly string[]): fc.Arbitrary<string> {
  const plant = { [POLLUTION_MARK]: 'yes', role: 'admin', published: true, isAdmin: true };
  const nested = (inner: string) => [
    `{"__proto__":${inner}}`,
    `{"constructor":{"prototype":${inner}}}`,
    `{"prototype":${inner}}`,
  ];
  const inner = JSON.stringify(plant);
  return fc
    .tuple(fc.constantFrom(...keys), weirdScalar, fc.constantFrom(...nested(inner)), fc.nat({ max: 2 }))
    .map(([field, value, payload, level]) => {
      const at = payload.slice(1, -1);
      if (level === 0) return `{${at}}`;
      if (level === 1) return `{${JSON.stringify(field)}:${jsonText(value)},${at}}`;
      // Nested one level down, under a real field name, and as an array element.
      return `{${JSON.stringify(field)}:{${at}},"items":[{${at}}]}`;
    });
}

/** JSON-ish text that is broken in the ways parsers and limits trip on. */
export const BROKEN_JSON: readonly string[] = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  'NaN',
  'undefined',
  '[]',
  '""',
  '0',
  'null',
  'true',
  '{"a":1}{"b":2}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":null}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  `{"a":"${'x'.repeat(JSON_LIMIT)}"}`,
  `{"a":[${'1,'.repeat(30_000)}1]}`,
];
