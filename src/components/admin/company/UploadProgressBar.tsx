/** The save's upload progress: percent of the request body sent (XMLHttpRequest upload events). */
export default function UploadProgressBar({ percent }: { percent: number }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
      >
        <div className="h-full rounded-full bg-[var(--color-primary)] transition-[width] duration-150 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right text-sm tabular-nums">{percent}%</span>
    </div>
  );
}
