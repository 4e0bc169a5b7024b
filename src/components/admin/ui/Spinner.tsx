/** The spec's centred spinner, for a screen (or a part of one) that is still loading. */
export default function Spinner({ label = 'Loading', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div className={`flex items-center justify-center ${compact ? 'py-6' : 'min-h-[50vh]'}`} role="status" aria-label={label}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-[var(--color-primary)] motion-reduce:animate-none" />
    </div>
  );
}
