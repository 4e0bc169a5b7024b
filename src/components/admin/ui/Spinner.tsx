/** The spec's centred spinner, for a screen (or a part of one) that is still loading. */
// The brand-coloured arc is set as a style: a utility for one side's colour loses to the ring's colour utility when
// UnoCSS happens to emit that one later.
const ARC = { borderTopColor: 'var(--color-primary)' } as const;

export default function Spinner({ label = 'Loading', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div
      className={`flex items-center justify-center ${compact ? 'py-6' : 'min-h-[50vh]'}`}
      role="status"
      aria-label={label}
    >
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 motion-reduce:animate-none dark:border-white/15"
        style={ARC}
      />
    </div>
  );
}
