/** The status line under a tab's toolbar: the last write's answer (green) or refusal (red). Usage: <ContentNotice notice={notice} />. */
export type Notice = { tone: 'ok' | 'error'; text: string } | null;

export default function ContentNotice({ notice }: { notice: Notice }) {
  return (
    <p
      role="status"
      className={`m-0 min-h-5 break-words text-sm ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
    >
      {notice?.text}
    </p>
  );
}
