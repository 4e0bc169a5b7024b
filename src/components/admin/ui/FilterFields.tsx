/** The fields of an admin list's filter row: a debounced search box and a labelled select. */
import { useEffect, useEffectEvent, useState } from 'react';

/** Typing pauses this long before the list is asked again. */
const DEBOUNCE_MS = 300;

/** The look of a filter (and admin form) field. */
export const FIELD_CLASS =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100';

interface SearchProps {
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  /** The search the list uses now; when it is cleared elsewhere (a reset), the box is cleared too. */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
  className?: string;
  fieldClassName?: string;
}

/** The search box: the list is asked again only when typing pauses, with the text trimmed. */
export function SearchField({
  id,
  label,
  placeholder,
  maxLength,
  value,
  onSearch,
  className = 'min-w-0',
  fieldClassName = FIELD_CLASS,
}: SearchProps) {
  const [text, setText] = useState(value);
  // The latest callback, so a parent's re-render does not restart the pause.
  const search = useEffectEvent(onSearch);
  useEffect(() => {
    const timer = setTimeout(() => search(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // Cleared from outside (Reset Filters): the box empties too.
  const [outside, setOutside] = useState(value);
  if (outside !== value) {
    setOutside(value);
    if (value === '') setText((current) => (current.trim() === '' ? current : ''));
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={fieldClassName}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The raw form value: parse it into the query's union before use. */
  onChange: (value: string) => void;
  className?: string;
  fieldClassName?: string;
}

/** A labelled select of the filter row. */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
  className = 'min-w-0',
  fieldClassName = FIELD_CLASS,
}: SelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={fieldClassName} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
