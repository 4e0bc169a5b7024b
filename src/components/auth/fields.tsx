/** Form pieces shared by the sign-in screens (and the Settings forms). */
import { NAME_MAX } from '../../shared/account.ts';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete?: string;
  maxLength?: number;
  /** The input's tie to the form's message: `useFormMessage().field(name)`. */
  aria?: FieldAria;
  /** Focused when it appears: the field a visitor came back to correct (never on a first visit). */
  focusOnShow?: boolean;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  maxLength = 254,
  aria,
  focusOnShow = false,
}: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);
  return (
    <label className="block text-sm font-medium">
      {label}
      <input
        className={inputClass}
        name={name}
        type={type}
        required
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        ref={input}
        {...aria}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  aria,
}: Omit<FieldProps, 'type' | 'focusOnShow'>) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <div className="relative">
        <input
          id={id}
          className={`${inputClass} pr-20`}
          name={name}
          type={shown ? 'text' : 'password'}
          required
          value={value}
          maxLength={512}
          autoComplete={autoComplete}
          {...aria}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-xs font-semibold text-[var(--color-primary-ink)]"
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}

/** `id`: what the inputs the message is about name in aria-describedby (useFormMessage). */
export function Alert({
  tone,
  id,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  id?: string;
  children: ReactNode;
}) {
  const colour =
    tone === 'error'
      ? 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300'
      : tone === 'success'
        ? 'border-green-500/40 bg-green-500/10 text-green-700 dark:text-green-300'
        : 'border-gray-400/40 bg-gray-500/10';
  return (
    <p id={id} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${colour}`}>
      {children}
    </p>
  );
}

/** aria-invalid and aria-describedby of an input, spread onto it (or passed to TextField/PasswordField as `aria`). */
export interface FieldAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormMessage {
  tone: 'error' | 'success';
  text: string;
}

/** The input a refusal names: the server's `field` of `{ message, field }`, if it sent one. */
export function refusedField(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' ? field : undefined;
}

/**
 * A form's one message (the Alert under it) and the inputs an error is about, by name: those are
 * aria-invalid and described by the Alert, until the visitor edits them or the message goes; after a failure the
 * first of them (in page order) gets the focus. A form-level error names no input: the Alert alone announces it.
 * The form passes `edited` as its onChange (React's change events bubble), each input its `field(name)`, the Alert `id`.
 */
export function useFormMessage() {
  const id = useId();
  const [state, setState] = useState<{ message: FormMessage; fields: readonly string[] } | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures) document.querySelector<HTMLElement>(`[aria-invalid][aria-describedby~="${id}"]`)?.focus();
  }, [failures, id]);
  // The same functions on every render, so an effect can call them without running again.
  const fail = useCallback((text: string, fields: readonly (string | undefined)[] = []) => {
    const named = fields.filter((f): f is string => !!f);
    setState({ message: { tone: 'error', text }, fields: named });
    if (named.length) setFailures((n) => n + 1);
  }, []);
  const edited = useCallback((event: { target: EventTarget }) => {
    const name = (event.target as HTMLInputElement).name;
    setState((s) => (s?.fields.includes(name) ? { ...s, fields: s.fields.filter((f) => f !== name) } : s));
  }, []);
  return {
    id,
    message: state?.message ?? null,
    /** Shows an error about the inputs named (none: about the form as a whole). */
    fail,
    succeed: (text: string) => setState({ message: { tone: 'success', text }, fields: [] }),
    clear: () => setState(null),
    /** The form's onChange: an edited input is no longer marked; the message stays. */
    edited,
    /** The aria props of input `name`; `hint`: the id of a description it keeps. */
    field: (name: string, hint?: string): FieldAria => {
      const marked = !!state?.fields.includes(name);
      const describedBy = [hint, marked ? id : undefined].filter(Boolean).join(' ');
      return {
        ...(marked ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      };
    },
  };
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className="brand-button w-full px-4 py-2 font-semibold disabled:opacity-60">
      {children}
    </button>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-12 w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-8">
      <h1 className="m-0 mb-6 text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

/** A form's one message under its fields (useFormMessage), as the Alert its marked inputs are described by. */
export function FormAlert({ form }: { form: Pick<ReturnType<typeof useFormMessage>, 'id' | 'message'> }) {
  return form.message ? (
    <Alert tone={form.message.tone} id={form.id}>
      {form.message.text}
    </Alert>
  ) : null;
}

/** A new password and its confirmation (the form compares them before sending: AUTH_TEXTS.passwordsDiffer). */
export function NewPasswordFields({
  label = 'New password',
  name = 'newPassword',
  password,
  confirm,
  onPassword,
  onConfirm,
  form,
}: {
  label?: string;
  name?: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  form: Pick<ReturnType<typeof useFormMessage>, 'field'>;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        aria={form.field(name)}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
        aria={form.field('confirmPassword')}
      />
    </>
  );
}

/** First and last name side by side from 640 px, with the account rules' length (registration, an invitation). */
export function NameFields({
  first,
  last,
  onFirst,
  onLast,
  form,
}: {
  first: string;
  last: string;
  onFirst: (value: string) => void;
  onLast: (value: string) => void;
  form: Pick<ReturnType<typeof useFormMessage>, 'field'>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        name="first_name"
        value={first}
        onChange={onFirst}
        autoComplete="given-name"
        maxLength={NAME_MAX}
        aria={form.field('first_name')}
      />
      <TextField
        label="Last name"
        name="last_name"
        value={last}
        onChange={onLast}
        autoComplete="family-name"
        maxLength={NAME_MAX}
        aria={form.field('last_name')}
      />
    </div>
  );
}
