/**
 * The address (slug) box of a blog post or a page, with the address it gives below it. The slug follows the title
 * until it is typed by hand. Usage: setDraft(followTitle(title)); <SlugField slug={d.slug} title={d.title} pathOf={pagePath} onChange={...} />.
 */
import { useId } from 'react';
import { SLUG_MAX, slugify } from '../../../../shared/slug.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';

/** A draft whose address is made from its title until `slugEdited`. */
interface Slugged {
  title: string;
  slug: string;
  slugEdited: boolean;
}

/** The draft with a new title (and the slug made from it, unless edited by hand). */
export const followTitle =
  (title: string) =>
  <D extends Slugged>(d: D): D => ({ ...d, title, ...(d.slugEdited ? {} : { slug: slugify(title) }) });

interface Props {
  slug: string;
  title: string;
  /** The public address of a slug, e.g. '/blogs/{slug}/'. */
  pathOf: (slug: string) => string;
  /** A slug typed by hand (the draft then stops following the title). */
  onChange: (slug: string) => void;
  /** A refusal of the address, shown under it in place of the address it gives. */
  error?: string | undefined;
}

export default function SlugField({ slug, title, pathOf, onChange, error }: Props) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div>
      <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Address (slug)
        <input
          className={`${inputClass} ${INVALID_BORDER}`}
          name="slug"
          maxLength={SLUG_MAX}
          value={slug}
          placeholder="made from the title"
          {...invalidProps(id, error, hint)}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <p id={hint} className="m-0 mt-1 break-all text-xs text-gray-500 dark:text-gray-400">
        {pathOf(slug || slugify(title) || '…')}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
