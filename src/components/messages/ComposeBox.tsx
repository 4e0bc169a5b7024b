/**
 * The box at the bottom of a conversation: a message and Send. Blank text is not sent (spec: 'Messages: empty or
 * blank text is not sent'): the button stays disabled. Ctrl+Enter (or Cmd+Enter) sends too.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { isBlankMessage, MESSAGE_MAX } from '../../shared/schemas/messages.ts';

interface Props {
  label: string;
  placeholder: string;
  /** The button's text: 'Send', 'Send reply'. */
  sendLabel: string;
  /** Sends the text; resolves true when it was stored (the box is cleared), false to keep the text for another try. */
  onSend: (text: string) => Promise<boolean>;
  /** A refusal or failure of the last try, shown under the box. */
  error?: string | undefined;
  disabled?: boolean;
  rows?: number;
}

export default function ComposeBox({
  label,
  placeholder,
  sendLabel,
  onSend,
  error,
  disabled = false,
  rows = 3,
}: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = isBlankMessage(text);

  async function submit(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (blank || busy || disabled) return;
    setBusy(true);
    const sent = await onSend(text);
    setBusy(false);
    if (sent) setText('');
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" noValidate>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <textarea
          id={id}
          rows={rows}
          maxLength={MESSAGE_MAX}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
          className="min-h-[2.75rem] min-w-0 flex-1 basis-[12rem] resize-y rounded-xl border border-gray-300 bg-white px-3 py-2 text-[0.95rem] text-gray-900 placeholder:text-gray-500 disabled:opacity-60 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        <button
          type="submit"
          disabled={blank || busy || disabled}
          className="brand-button ml-auto shrink-0 px-4 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? 'Sending...' : sendLabel}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
