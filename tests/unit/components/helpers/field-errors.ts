/** Checks of a form error's tie to its fields, shared by the sign-in and Settings form tests. */
import { fireEvent } from '@testing-library/react';
import { expect } from 'vitest';

export const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** The input is aria-invalid and described by the alert (among any other descriptions it has). */
export function expectMarked(input: HTMLElement, alert: HTMLElement) {
  expect(alert.id).not.toBe('');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
}

/** The input is not marked invalid and no alert describes it. */
export function expectUnmarked(input: HTMLElement) {
  expect(input.getAttribute('aria-invalid')).toBeNull();
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  for (const id of ids) expect(document.getElementById(id)?.getAttribute('role')).not.toBe('alert');
}
