/** Checks on refusal texts: each is a whole sentence shown beside its field, never '<field>: <rule>'. */
import { expect } from 'vitest';

/** Asserts `message` is one sentence (a capital first, a full stop last) that does not start with '<field>:'. */
export function expectSentence(message: unknown, field: string): void {
  expect(message).toEqual(expect.stringMatching(/^[A-Z].*[.!?]$/s));
  expect(String(message).startsWith(`${field}:`)).toBe(false);
}
