/** A signed-in page's data did not load: the sentence, and Retry. */
export default function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
    >
      <span className="min-w-0 flex-1">{message}</span>
      <button
        type="button"
        onClick={onRetry}
        className="brand-button-outline shrink-0 px-3 py-1 text-sm font-medium text-gray-900 dark:text-gray-100"
      >
        Retry
      </button>
    </div>
  );
}
