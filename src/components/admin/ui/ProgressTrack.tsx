/** A thin progress bar in the brand colour; `percent` null fills it (how much is unknown, e.g. no Content-Length). */
export default function ProgressTrack({
  label,
  percent,
  className = '',
}: {
  label: string;
  percent: number | null;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent === null ? {} : { 'aria-valuenow': percent })}
      className={`h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10 ${className}`}
    >
      <div
        className="h-full rounded-full bg-[var(--color-primary)] transition-[width] duration-150 motion-reduce:transition-none"
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}
