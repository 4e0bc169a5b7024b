/** A plain GET form to /search?q=...; it works before hydration, and an empty term never submits. */
import { useState } from 'react';
import { MAX_TEXT_LENGTH } from '../../lib/filters/core.ts';

export default function SearchForm({ term }: { term: string }) {
  const [value, setValue] = useState(term);
  // The term read from the address after hydration replaces what the box shows.
  const [shownTerm, setShownTerm] = useState(term);
  if (shownTerm !== term) {
    setShownTerm(term);
    setValue(term);
  }
  return (
    <form
      action="/search"
      method="get"
      role="search"
      className="mb-6 flex gap-3"
      onSubmit={(e) => {
        if (value.trim() === '') e.preventDefault();
      }}
    >
      <label className="flex-1">
        <span className="sr-only">Search term</span>
        <input
          type="search"
          name="q"
          value={value}
          maxLength={MAX_TEXT_LENGTH}
          placeholder="Search..."
          onChange={(e) => setValue(e.target.value)}
          className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-[#111821] dark:text-gray-100"
        />
      </label>
      <button type="submit" className="brand-button px-5 py-2 font-medium">
        Search
      </button>
    </form>
  );
}
