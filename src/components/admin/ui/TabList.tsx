/**
 * A row of tabs (the WAI-ARIA tab pattern: arrows, Home and End move between them; only the chosen one is in the tab
 * order), scrolling sideways on a narrow screen. The screen owns the chosen tab and its panel.
 */
import type { KeyboardEvent } from 'react';

interface Props<T extends string> {
  /** The tab list's name: 'Content types'. */
  label: string;
  tabs: readonly T[];
  chosen: T;
  /** `focus` when chosen from the keyboard: the new tab should take the focus. */
  onChoose: (tab: T, focus: boolean) => void;
  /** The element id of a tab (its panel is labelled by it). */
  tabId: (tab: T) => string;
  /** The id of the panel the tabs control. */
  panelId: string;
  /** What a tab shows; the tab's value when not given. */
  text?: (tab: T) => string;
}

export default function TabList<T extends string>({ label, tabs, chosen, onChoose, tabId, panelId, text }: Props<T>) {
  const onKey = (event: KeyboardEvent) => {
    const at = tabs.indexOf(chosen);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    const next = to === undefined ? undefined : tabs[(to + tabs.length) % tabs.length];
    if (next === undefined) return;
    event.preventDefault();
    onChoose(next, true);
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-gray-200 px-1 dark:border-white/10"
    >
      {tabs.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={chosen === tab}
          aria-controls={panelId}
          tabIndex={chosen === tab ? 0 : -1}
          onClick={() => onChoose(tab, false)}
          onKeyDown={onKey}
          className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${chosen === tab ? 'border-[var(--color-primary)] text-[var(--color-primary-ink)]' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'}`}
        >
          {text ? text(tab) : tab}
        </button>
      ))}
    </div>
  );
}
