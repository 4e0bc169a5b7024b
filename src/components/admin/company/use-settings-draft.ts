/**
 * The draft side of a settings screen (Update Company, Theme Settings): the settings' draft, read once on opening, the
 * preview link, the history dialog and the version just restored. It is not use-item-draft.ts because a settings
 * screen differs from an item's form where that hook leans on it: the settings carry no note of a draft (it is found
 * by asking), the screen stays open after a publish or a discard and goes on with the live settings, and Preview
 * saves only when there is something to save.
 * Usage: const drafts = useSettingsDraft({ calls, showDraft, showLive }); wait while drafts.reading; run each write
 * through the screen's own runner (Saving..., refusals, progress); render <DraftPanel>, <DraftActions> and
 * <RevisionsDialog itemPath={drafts.historyPath}>.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { UploadProgress } from '../../../lib/api/upload.ts';
import type { DraftInfo, PreviewLink } from '../../../shared/drafts.ts';
import type { Company } from '../../../shared/types.ts';

/** A write's upload progress callback, when it sends a body worth watching. */
export type Progress = ((progress: UploadProgress) => void) | undefined;

/** The settings' draft calls; `input` is what the screen's save sends. Module-level, so they never change. */
export interface SettingsDraftCalls<I, D extends DraftInfo> {
  /** The settings' admin API path, which their history hangs from. */
  path: string;
  /** The draft; rejects (404) when there is none. */
  fetchDraft: () => Promise<D>;
  saveDraft: (input: I, onProgress?: Progress) => Promise<{ message: string; draft: D }>;
  publishDraft: () => Promise<{ message: string; item: Company }>;
  discardDraft: () => Promise<{ message: string; item: Company }>;
  previewLink: () => Promise<PreviewLink>;
}

interface Options<I, D extends DraftInfo> {
  calls: SettingsDraftCalls<I, D>;
  /** Fills the form from the draft as the server holds it (read on opening, saved, restored). */
  showDraft: (draft: D) => void;
  /** Fills the form from the live settings, once there is no draft any more (published or discarded). */
  showLive: (settings: Company) => void;
}

interface State<D> {
  /** The opening read of the draft is under way: the form waits, so no edit starts on values about to change. */
  reading: boolean;
  /** The draft the form shows, as last read or saved; null: the form edits the live settings. */
  draft: D | null;
  link: PreviewLink | null;
  /** The server's message for the version just restored. */
  restored: string | null;
  historyOpen: boolean;
}

/** The draft state and actions of a settings screen; see the module's comment. */
export function useSettingsDraft<I, D extends DraftInfo>({ calls, showDraft, showLive }: Options<I, D>) {
  const [state, setState] = useState<State<D>>({
    reading: true,
    draft: null,
    link: null,
    restored: null,
    historyOpen: false,
  });
  const change = (changes: Partial<State<D>>) => setState((s) => ({ ...s, ...changes }));

  const shown = (draft: D, restored: string | null = null) => {
    showDraft(draft);
    change({ draft, restored });
  };
  /** The draft is gone: the form shows the live settings and the link (which previewed the draft) goes too. */
  const gone = (settings: Company) => {
    showLive(settings);
    change({ draft: null, link: null, restored: null });
  };

  // The settings open on their draft when they have one. Like an item's form, a failed read (404: no draft) leaves
  // the form on the live settings.
  const onRead = useEffectEvent((draft: D | null) => {
    if (draft) showDraft(draft);
    change({ reading: false, draft });
  });
  useEffect(() => {
    let current = true;
    const read = async () => {
      try {
        return await calls.fetchDraft();
      } catch {
        return null;
      }
    };
    void read().then((draft) => {
      if (current) onRead(draft);
    });
    return () => {
      current = false;
    };
  }, [calls]);

  /** Saves `input` to the draft (the live settings stay as they are) and shows the draft the server now holds. */
  async function save(input: I, onProgress?: Progress): Promise<{ message: string }> {
    const saved = await calls.saveDraft(input, onProgress);
    shown(saved.draft);
    return saved;
  }

  /** Makes a preview link of the draft, saving `input` first when it `changed` something or no draft exists yet. */
  async function preview(input: I, changed: boolean, onProgress?: Progress): Promise<void> {
    if (changed || !state.draft) await save(input, onProgress);
    change({ link: await calls.previewLink() });
  }

  /** The screen's own save while a draft is edited: the form saved to the draft (when it `changed` it), then published. */
  async function publish(input: I, changed: boolean, onProgress?: Progress) {
    if (changed) await save(input, onProgress);
    const answer = await calls.publishDraft();
    gone(answer.item);
    return answer;
  }

  /** Drops the draft; the form goes back to the live settings the server answers. */
  async function discard() {
    const answer = await calls.discardDraft();
    gone(answer.item);
    return answer;
  }

  /** A version became the draft (the history's `message`): the form reads it back and shows it. */
  async function restore(message: string): Promise<void> {
    change({ historyOpen: false, restored: null });
    shown(await calls.fetchDraft(), message);
  }

  return {
    reading: state.reading,
    draft: state.draft,
    link: state.link,
    restored: state.restored,
    /** RevisionsDialog's itemPath: null while the history is closed. */
    historyPath: state.historyOpen ? calls.path : null,
    openHistory: () => change({ historyOpen: true }),
    closeHistory: () => change({ historyOpen: false }),
    save,
    preview,
    publish,
    discard,
    restore,
  } as const;
}
