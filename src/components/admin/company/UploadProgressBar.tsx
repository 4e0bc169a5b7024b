import ProgressTrack from '../ui/ProgressTrack.tsx';

/** The save's upload progress: percent of the request body sent (XMLHttpRequest upload events). */
export default function UploadProgressBar({ percent }: { percent: number }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <ProgressTrack label="Upload progress" percent={percent} className="min-w-12 flex-1" />
      <span className="w-10 shrink-0 text-right text-sm tabular-nums">{percent}%</span>
    </div>
  );
}
