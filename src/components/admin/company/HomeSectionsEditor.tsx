/**
 * The Home page card's list: every home section top to bottom, a checkbox to show or hide it and arrows to move it.
 * A move is said aloud and keeps the focus on an arrow of the moved section.
 */
import { useEffect, useRef, useState } from 'react';
import { HOME_SECTION_LABELS, moveHomeSection, type HomeSectionSetting } from '../../../shared/home-layout.ts';
import { HOME_SECTIONS_FIELD } from './company-rules.ts';
import { MoveButtons } from '../ui/row-actions.tsx';

interface Props {
  sections: HomeSectionSetting[];
  onChange: (sections: HomeSectionSetting[]) => void;
  error: string;
}

export default function HomeSectionsEditor({ sections, onChange, error }: Props) {
  const [said, setSaid] = useState('');
  // The arrow to focus once the moved row is drawn: the same one, or the other when the row reached an end.
  const focusNext = useRef<{ section: string; by: -1 | 1 } | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    const row = list.current?.querySelector(`[data-section="${next.section}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${next.by < 0 ? 'up' : 'down'}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${next.by < 0 ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  });

  const move = (index: number, by: -1 | 1) => {
    const moved = sections[index];
    if (!moved) return;
    focusNext.current = { section: moved.section, by };
    onChange(moveHomeSection(sections, index, by));
    setSaid(`${HOME_SECTION_LABELS[moved.section]} moved to position ${index + by + 1} of ${sections.length}.`);
  };

  return (
    <div>
      <ol
        ref={list}
        className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10"
        aria-label="Home page sections, top to bottom"
        aria-describedby={error ? 'home-sections-error' : undefined}
      >
        {sections.map((s, index) => {
          const label = HOME_SECTION_LABELS[s.section];
          return (
            <li
              key={s.section}
              data-section={s.section}
              className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0"
            >
              <span className="w-5 shrink-0 text-center text-sm font-semibold tabular-nums text-gray-500 dark:text-gray-400">
                {index + 1}
              </span>
              <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  name={HOME_SECTIONS_FIELD}
                  value={s.section}
                  checked={s.visible}
                  onChange={(e) =>
                    onChange(sections.map((x) => (x.section === s.section ? { ...x, visible: e.target.checked } : x)))
                  }
                  className="h-4 w-4 shrink-0 accent-[var(--color-primary)]"
                />
                <span
                  className={`min-w-0 break-words ${s.visible ? '' : 'text-gray-500 line-through dark:text-gray-400'}`}
                >
                  {label}
                </span>
              </label>
              <div className="flex shrink-0 gap-2">
                <MoveButtons name={label} index={index} count={sections.length} onMove={(by) => move(index, by)} />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      {error && (
        <p id="home-sections-error" className="m-0 mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
