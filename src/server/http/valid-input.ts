/**
 * The one way a request's JSON body, query string or path parameters are checked: Hono's validator, given a check from the shared
 * schemas (src/shared/schemas, which the admin and visitor forms run too), answers a refused input
 * 400 { message, field } before the handler runs. The handler reads what passed with c.req.valid('json' | 'query' | 'param').
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { validator } from 'hono/validator';
import { schemaOf, type FieldCheck } from '../../shared/schemas/refusal.ts';
import type { z } from '../../shared/schemas/zod.ts';
import { fieldError } from './errors.ts';

/** A shared schema's check: the value as the handler wants it, or the first bad field with its message. */
export type InputCheck<T> = (input: unknown) => FieldCheck<T>;

/** The checked value, or the refusal as 400 { message, field }: also for a form's fields, checked once it is read. */
export function passed<T>(checked: FieldCheck<T>): T {
  if (!checked.ok) throw fieldError(400, checked.message, checked.field);
  return checked.value;
}

/** What a route's validator checks, by its middleware: the API's description (openapi-document.ts) reads it. */
export interface DescribedInput {
  target: 'json' | 'query';
  /** The shared schema the check follows, when it was made from one (refusal.ts). */
  schema: z.ZodType | undefined;
}

const DESCRIBED = new WeakMap<object, DescribedInput>();

function describedInput<M extends object>(middleware: M, target: DescribedInput['target'], check: object): M {
  DESCRIBED.set(middleware, { target, schema: schemaOf(check) });
  return middleware;
}

/** The input a route's handler checks, when it is one of the validators made here. */
export const describedInputOf = (handler: object): DescribedInput | undefined => DESCRIBED.get(handler);

const passedOrRefused =
  <T>(check: InputCheck<T>) =>
  (input: unknown): T =>
    passed(check(input));

/**
 * The body checked by `check`. A write without Content-Type (only an empty body gets past jsonOnly) is checked as
 * `{}`, so its missing fields are named; a JSON body was already parsed and checked for well-formed text by jsonOnly.
 * `refused` hears of a refusal first (the sign-in routes log it).
 */
export const jsonBody = <T>(check: InputCheck<T>, refused?: (c: Context<AppEnv>, field: string) => void) =>
  describedInput(
    validator('json', (input, c: Context<AppEnv>): T => {
      const checked = check(input);
      if (!checked.ok) refused?.(c, checked.field);
      return passed(checked);
    }),
    'json',
    check,
  );

/** The query string checked by `check`; a parameter given more than once arrives as an array (and is refused). */
export const validQuery = <T>(check: InputCheck<T>) =>
  describedInput(validator('query', passedOrRefused(check)), 'query', check);

/** The path's parameters checked by `check`. */
export const validParam = <T>(check: InputCheck<T>) => validator('param', passedOrRefused(check));
