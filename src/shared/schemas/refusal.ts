/**
 * The one way a refused input is answered: its first zod issue as { field, message } (a 400's body), the message a
 * whole sentence (fieldSentence) that the admin screens show beside the field named by `field`.
 */
import type { z } from './zod.ts';

/**
 * A field's name in words: 'searchButton.style.textColor' → 'search button style text color', 'social[facebook]' →
 * 'social facebook', 'button1_text' → 'button 1 text', and a list position counted from 1: 'lines.1' → 'lines item 2'.
 */
export function fieldLabel(field: string): string {
  return field
    .split(/[_.[\]]+/)
    .filter(Boolean)
    .map((part) =>
      /^\d+$/.test(part)
        ? `item ${Number(part) + 1}`
        : part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([a-z])(\d)/gi, '$1 $2'),
    )
    .join(' ')
    .toLowerCase();
}

/**
 * A field's rule as one whole sentence, never '<field>: <rule>': a rule that is already a sentence (it starts with a
 * capital) is kept as it is; a rule fragment gets the field's name in words before it ('title', 'must be at most 200
 * characters' → 'Title must be at most 200 characters.').
 */
export function fieldSentence(field: string, rule: string): string {
  if (/^[A-Z]/.test(rule)) return rule;
  const label = fieldLabel(field) || 'this value';
  const sentence = `${label.charAt(0).toUpperCase()}${label.slice(1)} ${rule}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * The rule of a fieldSentence about `field` ('taxRateBp', 'Tax rate bp must be at most 10000.' → 'must be at most
 * 10000'), for a screen that names its fields its own way; null for a sentence of its own.
 */
export function ruleOf(field: string, message: string): string | null {
  const label = fieldLabel(field);
  const head = `${label.charAt(0).toUpperCase()}${label.slice(1)} `;
  return label && message.startsWith(head) ? message.slice(head.length).replace(/\.$/, '') : null;
}

/** A checked input, or its first bad field with its sentence (fieldSentence). */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

type Path = z.core.$ZodIssue['path'];

interface RefusalOptions {
  /** The body as sent: a top-level field missing from it answers '<Field> is required.', whatever rule it broke. */
  sent?: Record<string, unknown>;
  /** The field named by an issue's path (default: its top-level key, or the fallback). */
  fieldOf?: (path: Path) => string;
  /** How the message names the place (default: the field), e.g. 'features line 3'. */
  whereOf?: (path: Path) => string;
}

/** The first issue of `error` as a refusal; `fallbackField` names an issue without a path. */
export function refusal(
  error: z.ZodError,
  fallbackField: string,
  options: RefusalOptions = {},
): { ok: false; field: string; message: string } {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const field = options.fieldOf ? options.fieldOf(path) : String(path[0] ?? fallbackField);
  if (options.sent && path.length === 1 && options.sent[field] === undefined)
    return { ok: false, field, message: fieldSentence(field, 'is required') };
  return { ok: false, field, message: fieldSentence(options.whereOf?.(path) ?? field, issue?.message ?? 'is invalid') };
}

/** A zod result as the checked value, or its first bad field with its sentence. */
export function fieldCheck<T>(parsed: z.ZodSafeParseResult<T>, fallbackField: string): FieldCheck<T> {
  return parsed.success ? { ok: true, value: parsed.data } : refusal(parsed.error, fallbackField);
}

/** The schema each check made here follows, so the API's description (OpenAPI) is made from the checks themselves. */
const SCHEMAS = new WeakMap<object, z.ZodType>();

/** `check`, known to follow `schema`. */
export function describedBy<C extends object>(check: C, schema: z.ZodType | undefined): C {
  if (schema) SCHEMAS.set(check, schema);
  return check;
}

/** The schema `check` follows, when it was made from one here. */
export const schemaOf = (check: object): z.ZodType | undefined => SCHEMAS.get(check);

/** The check of an input against `schema`: its value, or its first bad field with its sentence. */
export const checkAgainst = <S extends z.ZodType>(schema: S, fallbackField: string) =>
  describedBy((input: unknown): FieldCheck<z.output<S>> => fieldCheck(schema.safeParse(input), fallbackField), schema);

/** checkBody as a check of its own, for a route's jsonBody. */
export const bodyCheck = <S extends z.ZodType>(schema: S) =>
  describedBy((body: unknown) => checkBody(schema, body), schema);

/**
 * A JSON body checked against `schema`: not an object is refused as such, a top-level field left out answers
 * '<Field> is required.', anything else its first rule.
 */
export function checkBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  whereOf?: RefusalOptions['whereOf'],
): FieldCheck<z.output<S>> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : refusal(parsed.error, 'body', { sent: body, ...(whereOf ? { whereOf } : {}) });
}

/** The refusal of a body that is not a JSON object. */
export const NOT_AN_OBJECT = { ok: false, field: 'body', message: 'The body must be a JSON object' } as const;

/** True for a plain JSON object (not null, not an array). */
export const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/**
 * The check of an input against `schema` whose refusal is the fixed text of the first refused field (`messages`);
 * an issue on another field is told as `fallback`'s.
 */
export function checkWithMessages<S extends z.ZodType, K extends string>(
  schema: S,
  messages: Record<K, string>,
  fallback: K,
): (input: unknown) => FieldCheck<z.output<S>> {
  return describedBy((input: unknown) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { ok: true, value: parsed.data };
    const key = parsed.error.issues[0]?.path[0];
    const field = typeof key === 'string' && key in messages ? (key as K) : fallback;
    return { ok: false, field, message: messages[field] };
  }, schema);
}

/**
 * The check of an input against `schema` whose refusal is the schema's own sentence for the visitor (the sign-in and
 * account forms show it as written), the field at fault named apart as its dotted path; an input that is no object at
 * all, so has no field, gets a plain sentence.
 */
export function checkWithSentences<S extends z.ZodType>(schema: S): (input: unknown) => FieldCheck<z.output<S>> {
  return describedBy((input: unknown) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { ok: true, value: parsed.data };
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    if (!field || !issue) return { ok: false, field: 'body', message: 'Please check the form and try again' };
    return { ok: false, field, message: fieldSentence(field, issue.message) };
  }, schema);
}

/** `check` for a body that must be a JSON object: anything else is refused as such first. */
export const objectBody = <T>(check: (body: Record<string, unknown>) => FieldCheck<T>) =>
  describedBy((body: unknown): FieldCheck<T> => (isObject(body) ? check(body) : NOT_AN_OBJECT), schemaOf(check));
