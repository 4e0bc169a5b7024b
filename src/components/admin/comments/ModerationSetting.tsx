/**
 * The site's comment settings: the moderation rule (a radio group), whether guests may comment with a mailed code (a
 * checkbox), and Save; the status line says from when visitors' comments follow them.
 */
import { useEffect, useId, useState } from 'react';
import { fetchCommentSettings, saveCommentSettings } from '../../../lib/api/comments.ts';
import {
  GUESTS_HINT,
  GUESTS_LABEL,
  MODERATION_LABELS,
  MODERATION_MODES,
  type CommentSettings,
} from '../../../shared/comments.ts';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { refusalText } from '../../comments/comment-view.ts';

export default function ModerationSetting() {
  const id = useId();
  const [saved, setSaved] = useState<CommentSettings | null>(null);
  const [chosen, setChosen] = useState<CommentSettings>({ moderation: 'hold-first', guests: false });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    fetchCommentSettings().then(
      (s) => {
        setSaved(s);
        setChosen(s);
      },
      (error: unknown) => setNotice({ tone: 'error', text: refusalText(error, 'Could not load the settings.') }),
    );
  }, []);

  async function save() {
    setBusy(true);
    try {
      const s = await saveCommentSettings(chosen);
      setSaved({ moderation: s.moderation, guests: s.guests });
      setNotice({
        tone: 'ok',
        text: `Saved: ${MODERATION_LABELS[s.moderation].label}; guests ${s.guests ? 'may comment with an emailed code' : 'must sign in'}. It applies from now on, to the next comment a visitor sends; comments already sent keep their status.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error, 'Could not save the settings.') });
    } finally {
      setBusy(false);
    }
  }

  const unchanged = saved !== null && chosen.moderation === saved.moderation && chosen.guests === saved.guests;
  return (
    <div>
      <fieldset className="m-0 border-0 p-0" disabled={saved === null || busy}>
        <legend className="text-sm font-medium">New comments and reviews</legend>
        <div className="mt-2 flex flex-col gap-2">
          {MODERATION_MODES.map((mode) => (
            <label
              key={mode}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${chosen.moderation === mode ? 'border-[var(--color-primary)] bg-[color-mix(in_srgb,var(--color-primary)_8%,transparent)]' : 'border-gray-200 dark:border-white/10'}`}
            >
              <input
                type="radio"
                name={`${id}-moderation`}
                value={mode}
                checked={chosen.moderation === mode}
                onChange={() => setChosen((c) => ({ ...c, moderation: mode }))}
                className="mt-1 shrink-0 accent-[var(--color-primary)]"
              />
              <span className="min-w-0 font-medium">
                {MODERATION_LABELS[mode].label}
                <span className="block text-sm font-normal text-gray-600 dark:text-gray-400">
                  {MODERATION_LABELS[mode].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        <label className="mt-4 flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            checked={chosen.guests}
            onChange={(e) => setChosen((c) => ({ ...c, guests: e.target.checked }))}
            aria-describedby={`${id}-guests-hint`}
            className="mt-1 shrink-0 accent-[var(--color-primary)]"
          />
          <span className="min-w-0 font-medium">
            {GUESTS_LABEL}
            <span id={`${id}-guests-hint`} className="block text-sm font-normal text-gray-600 dark:text-gray-400">
              {GUESTS_HINT}
            </span>
          </span>
        </label>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={saved === null || busy || unchanged}
          onClick={() => void save()}
          className="brand-button rounded-md px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </div>
      <NoticeLine notice={notice} />
    </div>
  );
}
