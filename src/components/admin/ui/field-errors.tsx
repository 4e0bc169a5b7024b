/**
 * The admin forms' one way of showing a refusal: a server answer `{ message, field }` (or the browser's own check) is
 * shown under the control named `field` (aria-invalid, aria-describedby, focused), or for the whole form when the form
 * shows no such control; editing the control lets go of its message.
 * Usage: const refusals = useFieldErrors(formRef); refusals.refuseError(error, fallback); with each control
 * {...invalidProps(id, refusals.errors.x)} and <FieldError id={id} error={refusals.errors.x} /> under it.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

/** Added to an input's classes: its border, and its focus ring (else the ring hides the border), turn red while it is marked invalid. */
export const INVALID_BORDER =
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:outline-red-600 dark:aria-[invalid=true]:border-red-400 dark:aria-[invalid=true]:outline-red-400';

/** The field a failed call's `{ message, field }` answer names, or null. */
export function refusedField(error: unknown): string | null {
  const data = (error as { data?: unknown } | null)?.data;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? field : null;
}

/** The form's marked fields and its form-level failure; see the module's comment. */
export interface FieldRefusals<F extends string = string> {
  errors: FieldErrors<F>;
  /** A refusal naming no field the form shows: said once for the whole form. */
  failure: string;
  /** Shows `message` under `field` when the form shows it (and focuses it), else as the failure. */
  refuse: (field: string | null, message: string) => void;
  /** `refuse` for a failed call: its field and message, `fallback` when it sent none. */
  refuseError: (error: unknown, fallback: string) => void;
  /** Marks a field from the browser (a file that is too big): no focus, no failure. */
  mark: (field: F, message: string) => void;
  /** Lets go of a field's message (called when the admin edits it). */
  clear: (field: string) => void;
  /** Forgets every message (a new opening, a new attempt). */
  reset: () => void;
}

/**
 * The refusals of the form inside `root`. A field is shown when `root` holds a control of that name (and, when
 * `fields` is given, it is listed there).
 */
export function useFieldErrors<F extends string = string>(
  root: RefObject<HTMLElement | null>,
  fields?: readonly F[],
): FieldRefusals<F> {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState('');
  // Focused once its message is drawn, so the message is read with it.
  const focusNext = useRef<string | null>(null);

  // A name the server made up of other characters is no control's name here.
  const control = (field: string) =>
    /^[\w.[\]-]+$/.test(field) ? (root.current?.querySelector<HTMLElement>(`[name="${field}"]`) ?? null) : null;

  useEffect(() => {
    const field = focusNext.current;
    if (!field || !errors[field as F]) return;
    focusNext.current = null;
    const element = control(field);
    if (!element) return;
    element.focus({ preventScroll: true });
    // The whole field comes into view, its label and message too, not only the control (which focus() would give).
    const box = (element.closest('label') ?? element).parentElement ?? element;
    if (typeof box.scrollIntoView === 'function') box.scrollIntoView({ block: 'nearest' });
  });

  const refuse = (field: string | null, message: string) => {
    const shown = field !== null && (!fields || fields.includes(field as F)) && control(field) !== null;
    if (shown) {
      setErrors({ [field]: message } as FieldErrors<F>);
      setFailure('');
      focusNext.current = field;
    } else {
      setErrors({});
      setFailure(message);
    }
  };

  return {
    errors,
    failure,
    refuse,
    refuseError: (error, fallback) => refuse(refusedField(error), errorMessage(error, fallback)),
    mark: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    clear: (field) =>
      setErrors((e) =>
        e[field as F]
          ? (Object.fromEntries(Object.entries(e).filter(([name]) => name !== field)) as FieldErrors<F>)
          : e,
      ),
    reset: () => {
      setErrors({});
      setFailure('');
    },
  };
}

/** The id of a field's message, from its control's id. */
export const errorIdOf = (id: string) => `${id}-error`;

/** A control's aria attributes: invalid and described by its message while it has one, else by its hint if any. */
export function invalidProps(id: string, error: string | undefined, hintId?: string) {
  const described = [hintId, error ? errorIdOf(id) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

/** A field's message under its control (nothing while it has none); its id is errorIdOf(id). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p
      id={errorIdOf(id)}
      role="alert"
      className="m-0 mt-1 flex items-start gap-1.5 break-words text-sm font-medium text-red-700 dark:text-red-400"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{error}</span>
    </p>
  );
}
