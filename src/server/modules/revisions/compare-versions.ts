/**
 * Two versions of an item side by side, field by field: words kept, removed (only in the older) and added (only in
 * the newer), by jsdiff. Rich text is compared as its markup, one top-level block per line, as it is stored.
 */
import { diffArrays, diffWordsWithSpace } from 'diff';
import { parseFragment, serializeOuter } from 'parse5';
import type { DiffPart, FieldComparison, RevisionFieldKind } from '../../../shared/revisions.ts';

/** A field a kind of item keeps in its versions, how it is named and shown. */
export interface RevisionField {
  name: string;
  label: string;
  kind: RevisionFieldKind;
}

/** A version's values by field name: text, or a list of texts. */
export type VersionFields = Record<string, unknown>;

/**
 * Beyond this many edits, or this long, the two values are shown whole (one removed, one added) rather than word by
 * word: the work of a compare stays bounded whatever two versions hold.
 */
const MAX_EDITS = 2000;
const MAX_MS = 500;

/** One value as text: a boolean as Yes or No, a group of values (social links) as its set entries, `name: value`. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([, entry]) => entry !== '' && entry !== null && entry !== undefined)
      .map(([name, entry]) => `${name}: ${valueText(entry)}`)
      .join(', ');
  return '';
}

/** A value as it is compared and shown; a list one entry per line when its entries are groups (the home sections). */
export function fieldText(kind: RevisionFieldKind, value: unknown): string {
  if (Array.isArray(value))
    return value.map(valueText).join(value.some((entry) => entry && typeof entry === 'object') ? '\n' : ', ');
  const text = valueText(value);
  return kind === 'html' ? blockLines(text) : text;
}

/** Rich text with each top-level block on its own line, so a change reads as a change of that block. */
function blockLines(html: string): string {
  if (html === '') return '';
  return parseFragment(html)
    .childNodes.map((node) => serializeOuter(node).trim())
    .filter(Boolean)
    .join('\n');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/** The labels of the fields whose values differ. */
export const changedLabels = (fields: readonly RevisionField[], before: VersionFields, after: VersionFields) =>
  fields.filter((field) => !same(before[field.name], after[field.name])).map((field) => field.label);

function parts(kind: RevisionFieldKind, before: unknown, after: unknown, a: string, b: string): DiffPart[] {
  if (a === b) return a === '' ? [] : [{ value: a }];
  const whole: DiffPart[] = [...(a ? [{ value: a, removed: true }] : []), ...(b ? [{ value: b, added: true }] : [])];
  if (kind === 'picture') return whole;
  if (kind === 'list' && Array.isArray(before) && Array.isArray(after)) {
    // A tag is added or removed whole.
    return diffArrays(before.map(String), after.map(String)).flatMap((change) =>
      change.value.map((value) => ({
        value,
        ...(change.added ? { added: true } : {}),
        ...(change.removed ? { removed: true } : {}),
      })),
    );
  }
  const changes = diffWordsWithSpace(a, b, { maxEditLength: MAX_EDITS, timeout: MAX_MS });
  if (!changes) return whole;
  return changes.map((change) => ({
    value: change.value,
    ...(change.added ? { added: true } : {}),
    ...(change.removed ? { removed: true } : {}),
  }));
}

/** Every field of the two versions, the older first. */
export function compareVersions(
  fields: readonly RevisionField[],
  older: VersionFields,
  newer: VersionFields,
): FieldComparison[] {
  return fields.map(({ name, label, kind }) => {
    const before = fieldText(kind, older[name]);
    const after = fieldText(kind, newer[name]);
    return {
      name,
      label,
      kind,
      changed: !same(older[name], newer[name]),
      before,
      after,
      parts: parts(kind, older[name], newer[name], before, after),
    };
  });
}
