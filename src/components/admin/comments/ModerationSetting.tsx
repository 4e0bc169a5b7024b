/** The site's moderation rule: a radio group and Save; the status line says from when visitors' comments follow it. */
import { useEffect, useId, useState } from 'react';
import { fetchCommentSettings, saveCommentSettings } from '../../../lib/api/comments.ts';
import { MODERATION_LABELS, MODERATION_MODES, type ModerationMode } from '../../../shared/comments.ts';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { refusalText } from '../../comments/comment-view.ts';

export default function ModerationSetting() {
  const id = useId();
  const [saved, setSaved] = useState<ModerationMode | null>(null);
  const [chosen, setChosen] = useState<ModerationMode>('hold-first');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    fetchCommentSettings().then(
      (s) => {
        setSaved(s.moderation);
        setChosen(s.moderation);
      },
      (error: unknown) => setNotice({ tone: 'error', text: refusalText(error, 'Could not load the setting.') }),
    );
  }, []);

  async function save() {
    setBusy(true);
    try {
      const s = await saveCommentSettings({ moderation: chosen });
      setSaved(s.moderation);
      setNotice({
        tone: 'ok',
        text: `Saved: ${MODERATION_LABELS[s.moderation].label}. It applies to the next comment a visitor sends; comments already sent keep their status.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error, 'Could not save the setting.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <fieldset className="m-0 border-0 p-0" disabled={saved === null || busy}>
        <legend className="text-sm font-medium">New comments and reviews</legend>
        <div className="mt-2 flex flex-col gap-2">
          {MODERATION_MODES.map((mode) => (
            <label
              key={mode}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${chosen === mode ? 'border-[var(--color-primary)] bg-[color-mix(in_srgb,var(--color-primary)_8%,transparent)]' : 'border-gray-200 dark:border-white/10'}`}
            >
              <input
                type="radio"
                name={`${id}-moderation`}
                value={mode}
                checked={chosen === mode}
                onChange={() => setChosen(mode)}
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
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={saved === null || busy || chosen === saved}
          onClick={() => void save()}
          className="brand-button rounded-md px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? 'Saving…' : 'Save setting'}
        </button>
      </div>
      <NoticeLine notice={notice} />
    </div>
  );
}
