/** The small buttons of an admin list row (Team, Categories, Navigation, Home sections): one look and one move pair. */

/** A row's button: square-ish, bordered, dimmed while it cannot act. */
export const ROW_ACTION =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-40';
export const NEUTRAL_ACTION = `${ROW_ACTION} border-gray-300 hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10`;
export const PRIMARY_ACTION = `${ROW_ACTION} border-[var(--color-primary)] text-[var(--color-primary-ink)] hover:bg-[color-mix(in_srgb,var(--color-primary)_12%,transparent)]`;
export const DANGER_ACTION = `${ROW_ACTION} border-red-600/50 text-red-700 hover:bg-red-500/10 dark:text-red-300`;

interface MoveProps {
  /** What moves, for the buttons' names: 'Move Ada Lovelace up'. */
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  /** -1 moves it up one place, 1 down. */
  onMove: (by: -1 | 1) => void;
  /** Element ids, for a screen that moves the focus to an arrow after a move. */
  ids?: { up: string; down: string };
}

/** Up and down arrows (data-move="up" / "down"), each off at its end of the list. */
export function MoveButtons({ name, index, count, disabled = false, onMove, ids }: MoveProps) {
  return (
    <>
      <button
        type="button"
        id={ids?.up}
        className={NEUTRAL_ACTION}
        data-move="up"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
        aria-label={`Move ${name} up`}
        title="Move up"
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        id={ids?.down}
        className={NEUTRAL_ACTION}
        data-move="down"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${name} down`}
        title="Move down"
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}
