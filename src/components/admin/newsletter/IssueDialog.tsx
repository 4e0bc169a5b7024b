/**
 * Compose a newsletter issue in a dialog: subject and rich text (the blog editor), a preview of the mail as
 * subscribers get it, a test sent to the signed-in admin, and Save draft. Sending to everyone is asked for in the list.
 */
import { useId, useRef, useState } from 'react';
import {
  createIssue,
  previewIssue,
  sendTestIssue,
  updateIssue,
  type IssueSaved,
} from '../../../lib/api/admin/newsletter.ts';
import {
  checkIssue,
  ISSUE_SUBJECT_MAX,
  type IssuePreview,
  type NewsletterIssue,
} from '../../../shared/schemas/newsletter-admin.ts';
import RichTextEditor from '../content/rich-text/RichTextEditor.tsx';
import { TextInput } from '../sliders/fields.tsx';
import { useFieldErrors } from '../ui/field-errors.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';
import MailPreview from './MailPreview.tsx';

interface Props {
  /** null: closed; 'new': a new issue; an issue (a draft): edit it. */
  issue: NewsletterIssue | 'new' | null;
  onClose: () => void;
  onSaved: (answer: IssueSaved) => void;
}

type Busy = 'save' | 'test' | 'preview' | null;

const SECONDARY =
  'whitespace-nowrap rounded-md border border-gray-300 px-3 py-2 font-medium sm:px-4 hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';

/** The dialog; its form is made anew for each issue opened, so it starts from that issue. */
export default function IssueDialog({ issue, onClose, onSaved }: Props) {
  const titleId = useId();
  const [busy, setBusy] = useState<Busy>(null);
  return (
    <ModalDialog
      open={issue !== null}
      busy={busy !== null}
      onCancel={onClose}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[min(46rem,calc(100vw-1rem))] overflow-y-auto p-0"
    >
      {issue !== null && (
        <IssueForm
          key={issue === 'new' ? 'new' : `${issue._id}-${issue.updatedAt}`}
          issue={issue}
          titleId={titleId}
          busy={busy}
          setBusy={setBusy}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </ModalDialog>
  );
}

interface FormProps extends Omit<Props, 'issue'> {
  issue: NewsletterIssue | 'new';
  titleId: string;
  busy: Busy;
  setBusy: (busy: Busy) => void;
}

function IssueForm({ issue, titleId, busy, setBusy, onClose, onSaved }: FormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [subject, setSubject] = useState(issue === 'new' ? '' : issue.subject);
  const [body, setBody] = useState(issue === 'new' ? '' : issue.body);
  const [preview, setPreview] = useState<IssuePreview | null>(null);
  const [note, setNote] = useState('');
  const { errors, failure, refuse, refuseError, clear, reset } = useFieldErrors(form);

  /** The fields checked as the server checks them; null (with the refusal shown) when they do not pass. */
  function checked() {
    const check = checkIssue({ subject, body });
    if (check.ok) return check.value;
    refuse(check.field, check.message);
    return null;
  }

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>, fallback: string) {
    reset();
    setNote('');
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      setPreview(null);
      refuseError(error, fallback);
    } finally {
      setBusy(null);
    }
  }

  function save() {
    const input = checked();
    if (!input) return;
    void run(
      'save',
      async () => onSaved(await (issue === 'new' ? createIssue(input) : updateIssue(issue._id, input))),
      'The draft could not be saved. Please try again.',
    );
  }

  function showPreview() {
    const input = checked();
    if (!input) return;
    void run('preview', async () => setPreview(await previewIssue(input)), 'The preview could not be made.');
  }

  function sendTest() {
    const input = checked();
    if (!input) return;
    void run(
      'test',
      async () => setNote((await sendTestIssue(input)).message),
      'The test could not be sent. Please try again.',
    );
  }

  return (
    <form
      ref={form}
      noValidate
      className="flex flex-col gap-4 p-4 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy === null) save();
      }}
      onChange={(event) => {
        const { name } = event.target as Partial<HTMLInputElement>;
        if (name) clear(name);
      }}
    >
      <h2 id={titleId} className="m-0 text-lg font-bold">
        {issue === 'new' ? 'New issue' : 'Edit issue'}
      </h2>
      <TextInput
        label="Subject"
        name="subject"
        error={errors['subject']}
        maxLength={ISSUE_SUBJECT_MAX}
        value={subject}
        onChange={setSubject}
      />
      {preview ? (
        <div className="grid gap-2">
          <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
            <span className="font-semibold">Preview:</span> the mail as subscribers get it (its unsubscribe link is
            their own).
          </p>
          <MailPreview html={preview.html} title={`Preview of ${preview.subject}`} />
        </div>
      ) : (
        <div className={busy === 'preview' ? 'opacity-60' : ''}>
          {/* Mail clients play no audio and mailed pictures need absolute addresses: no library media in a newsletter. */}
          <RichTextEditor label="Message" initialHtml={body} onChange={setBody} media={false} />
          {errors['body'] && (
            <p role="alert" className="m-0 mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {errors['body']}
            </p>
          )}
        </div>
      )}
      <p role="status" className="m-0 min-h-5 text-sm text-emerald-700 dark:text-emerald-300">
        {note}
      </p>
      {failure && (
        <p
          role="alert"
          className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {failure}
        </p>
      )}
      {/* Two by two on a phone (Cancel beside Save); one row from 640 px, Cancel apart on the left. */}
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-center sm:justify-end">
        <button
          type="button"
          disabled={busy !== null}
          onClick={onClose}
          className={`${SECONDARY} order-3 sm:order-none sm:mr-auto`}
        >
          Cancel
        </button>
        {preview ? (
          <button type="button" disabled={busy !== null} onClick={() => setPreview(null)} className={SECONDARY}>
            Edit
          </button>
        ) : (
          <button type="button" disabled={busy !== null} onClick={showPreview} className={SECONDARY}>
            {busy === 'preview' ? 'Preparing...' : 'Preview'}
          </button>
        )}
        <button type="button" disabled={busy !== null} onClick={sendTest} className={SECONDARY}>
          {busy === 'test' ? 'Sending...' : 'Send test'}
        </button>
        <button
          type="submit"
          disabled={busy !== null}
          className="brand-button order-4 whitespace-nowrap px-3 py-2 font-semibold disabled:opacity-60 sm:order-none sm:px-5"
        >
          {busy === 'save' ? 'Saving...' : 'Save draft'}
        </button>
      </div>
    </form>
  );
}
