/** Fields and option lists shared by the tabs' form dialogs (the inputs themselves are the slider forms' ones). */
import { useId } from 'react';
import { inputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';

/** The Status select of a form whose `published` field is 'true' or 'false'. */
export const PUBLISHED_OPTIONS = [
  ['false', 'Draft'],
  ['true', 'Published'],
] as const;

/** The Status select of a form that keeps 'draft' or 'published' (blogs, pages). */
export type DraftState = 'draft' | 'published';
export const DRAFT_STATE_OPTIONS: readonly (readonly [DraftState, string])[] = [
  ['draft', 'Draft'],
  ['published', 'Published'],
];

/** A select's options: 'None' first, then each value as its own label. */
export const noneOr = <T extends string>(values: readonly T[]): readonly (readonly ['' | T, string])[] => [
  ['', 'None'],
  ...values.map((v) => [v, v] as const),
];

/** `value` if it is one of `values`, else '' (a stored value the list no longer has). */
export const pickOne = <T extends string>(values: readonly T[], value: string): '' | T =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

/** A labelled textarea (Description, Caption). */
export function TextArea({
  label,
  name,
  rows,
  maxLength,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  rows: number;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  /** A refusal of this field, shown under it and read with it. */
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
        <textarea
          className={`${inputClass} ${INVALID_BORDER}`}
          name={name}
          rows={rows}
          maxLength={maxLength}
          value={value}
          {...invalidProps(id, error)}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}
