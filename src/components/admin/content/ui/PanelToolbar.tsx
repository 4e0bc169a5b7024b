/** A tab's top row: its add button on the right. Usage: <PanelToolbar addLabel="New video" onAdd={() => open('new')} />. */
import type { ReactNode } from 'react';

export default function PanelToolbar({ addLabel, onAdd, children }: { addLabel: string; onAdd: () => void; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0 text-sm text-gray-600 dark:text-gray-400">{children}</div>
      <button type="button" onClick={onAdd} className="brand-button px-4 py-2 font-semibold">
        {addLabel}
      </button>
    </div>
  );
}
