/** 'New message': an optional subject and the message; blank text cannot be sent (the button stays disabled). */
import { useId, useState, type SubmitEvent } from 'react';
import { isBlankMessage, MESSAGE_MAX, SUBJECT_MAX } from '../../shared/schemas/messages.ts';
import { NEW_THREAD_HINT } from './messages-view.ts';

interface Props {
  /** Sends it; resolves true once stored. */
  onSend: (input: { subject: string; message: string }) => Promise<boolean>;
  error?: string | undefined;
  /** The field the refusal is about ('subject' or 'message'). */
  errorField?: string | undefined;
}

const field =
  'mt-1 block w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-[0.95rem] text-gray-900 placeholder:text-gray-500 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100 dark:placeholder:text-gray-400';

export default function NewMessageForm({ onSend, error, errorField }: Props) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = isBlankMessage(message);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    const sent = await onSend({ subject: subject.trim(), message });
    setBusy(false);
    if (sent) {
      setSubject('');
      setMessage('');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate aria-label="New message">
      <div>
        <label htmlFor={`${id}-subject`} className="block text-sm font-medium">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          className={field}
          maxLength={SUBJECT_MAX}
          value={subject}
          placeholder={NEW_THREAD_HINT}
          aria-invalid={errorField === 'subject' ? true : undefined}
          aria-describedby={error && errorField === 'subject' ? `${id}-error` : undefined}
          onChange={(e) => setSubject(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-medium">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          className={`${field} resize-y`}
          rows={5}
          maxLength={MESSAGE_MAX}
          value={message}
          placeholder="Write your message…"
          aria-invalid={errorField === 'message' ? true : undefined}
          aria-describedby={error && errorField === 'message' ? `${id}-error` : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        <button
          type="submit"
          disabled={blank || busy}
          className="brand-button px-5 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? 'Sending...' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
