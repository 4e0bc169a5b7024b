/** Auth and account request bodies: checked against a schema, refused with the schema's sentence and the field apart. */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { checkWithSentences } from '../../../shared/schemas/refusal.ts';
import type { z } from '../../../shared/schemas/zod.ts';
import { fieldError } from '../../http/errors.ts';
import { jsonBody } from '../../http/valid-input.ts';

/** A 400 whose message is a sentence for the visitor; the API names the input at fault in `field` only. */
export const refuseField = (field: string, message: string) => fieldError(400, message, field);

/** The JSON body checked against `schema` before the handler runs (c.req.valid('json')); `refused` hears of a refusal. */
export const authBody = <S extends z.ZodType>(schema: S, refused?: (c: Context<AppEnv>, field: string) => void) =>
  jsonBody(checkWithSentences(schema), refused);
