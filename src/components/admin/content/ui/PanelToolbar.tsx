/**
 * A tab's top row: a heading or a note on the left, its add button on the right.
 * Usage: <PanelToolbar addLabel="New video" onAdd={open}>note</PanelToolbar> or <PanelToolbar heading="Pages" addLabel="New page" onAdd={open} />.
 */
import type { ReactNode } from 'react';

export default function PanelToolbar({
  heading,
  addLabel,
  onAdd,
  children,
}: {
  heading?: string;
  addLabel: string;
  onAdd: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {heading ? (
        <h2 className="m-0 text-xl font-semibold">{heading}</h2>
      ) : (
        <div className="min-w-0 text-sm text-gray-600 dark:text-gray-400">{children}</div>
      )}
      <button type="button" onClick={onAdd} className="brand-button px-4 py-2 font-semibold">
        {addLabel}
      </button>
    </div>
  );
}
