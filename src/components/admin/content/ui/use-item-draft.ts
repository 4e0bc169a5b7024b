/**
 * The draft side of an item's form, for every kind of item with drafts (blog posts, products, pages): the item's draft
 * (an item that has one opens on it), the picture the form last stored, the preview link, the history dialog and the
 * version just restored. Each action is a write the form sends through its own runner, so the refusals, Saving...
 * and the upload's progress stay the form's.
 * Usage: const drafts = useItemDraft({ target, calls, show }); submit the form with drafts.submit(item, input, onProgress)
 * (a new item is the form's own), with <DraftActions>, <DraftPanel> and <RevisionsDialog itemPath={drafts.historyPath}>.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { UploadProgress } from '../../../../lib/api/upload.ts';
import type { DraftInfo, PreviewLink } from '../../../../shared/drafts.ts';

type Progress = ((progress: UploadProgress) => void) | undefined;

/** An item that may have a draft: who saved it and when, null without one. */
interface DraftableItem {
  _id: string;
  published: boolean;
  draft: DraftInfo | null;
}

/** A draft as the server holds it: its fields, the picture's URL among them for an item with a picture. */
interface StoredDraft extends DraftInfo {
  fields: object;
}

/** The picture a draft holds under `field`; null for an item without one (a page). */
const pictureOf = ({ fields }: StoredDraft, field = 'image'): string | null => {
  const picture: unknown = (fields as Record<string, unknown>)[field];
  return typeof picture === 'string' ? picture : null;
};

/** The item kind's calls, by the item's id; `input` is what its form sends. Module-level, so they never change. */
export interface DraftCalls<I, D extends StoredDraft> {
  /** The item's admin API path, which its history hangs from. */
  itemPath: (id: string) => string;
  /** The draft's picture field when it is not `image` (an audio item's `cover`). */
  picture?: string;
  fetchDraft: (id: string) => Promise<D>;
  saveDraft: (id: string, input: I, onProgress?: Progress) => Promise<{ message: string; draft: D }>;
  /** Saves the item itself (its state only when `input` holds one) and answers the picture it now has, if any. */
  update: (id: string, input: I, onProgress?: Progress) => Promise<{ message: string; image?: string }>;
  publishDraft: (id: string) => Promise<{ message: string }>;
  discardDraft: (id: string) => Promise<{ message: string }>;
  previewLink: (id: string) => Promise<PreviewLink>;
}

interface Options<T extends DraftableItem, I, D extends StoredDraft> {
  /** The form's target: null closed, 'new' a new item (no draft), an item edited. */
  target: T | 'new' | null;
  calls: DraftCalls<I, D>;
  /** Fills the form from the item and its draft (the item's state stays its own). */
  show: (item: T, draft: D) => void;
  /** false: changes are never kept as a draft (an author's, whose post stays unpublished until an editor's review). */
  keepsDrafts?: boolean;
}

interface DraftState {
  /** The draft being edited, as last saved here or read; null: the form edits the item itself. */
  draft: DraftInfo | null;
  /** The picture as last stored from this form (the draft's or the item's); null: the item's own, or it has none. */
  image: string | null;
  link: PreviewLink | null;
  /** The server's message for the version just restored. */
  restored: string | null;
  historyOpen: boolean;
}

const NONE: DraftState = { draft: null, image: null, link: null, restored: null, historyOpen: false };

/** The draft state and actions of the form editing `target`; see the module's comment. */
export function useItemDraft<T extends DraftableItem, I, D extends StoredDraft>({
  target,
  calls,
  show,
  keepsDrafts = true,
}: Options<T, I, D>) {
  const [state, setState] = useState<DraftState>(NONE);
  const change = (changes: Partial<DraftState>) => setState((s) => ({ ...s, ...changes }));
  // Each opening starts without the last one's draft, link and history.
  const [opened, setOpened] = useState(target);
  if (opened !== target) {
    setOpened(target);
    setState(NONE);
  }

  const item = target === null || target === 'new' ? null : target;
  /** A published item's changes (or a draft's) go to its draft; an unpublished item is saved as it is (visitors see neither). */
  const keepsDraft = keepsDrafts && item !== null && (item.published || state.draft !== null);

  /** The form filled from the item's draft as the server holds it. */
  const showDraft = (shown: T, saved: D) => {
    show(shown, saved);
    change({ draft: saved, image: pictureOf(saved, calls.picture) });
  };

  // An item with a draft opens on the draft.
  const onDraftRead = useEffectEvent(showDraft);
  useEffect(() => {
    if (!item?.draft) return;
    let current = true;
    calls
      .fetchDraft(item._id)
      .then((saved) => {
        if (current) onDraftRead(item, saved);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [item, calls]);

  /** The form's own save: the item itself, or, while a draft is edited, the form saved to it and then published. */
  async function submit(edited: T, input: I, onProgress?: Progress): Promise<{ message: string }> {
    if (!state.draft) return calls.update(edited._id, input, onProgress);
    await calls.saveDraft(edited._id, input, onProgress);
    return calls.publishDraft(edited._id);
  }

  /** The form kept (to the draft when the item keeps one, else to the item); `thenLink`: a preview link made after. */
  async function keep(edited: T, input: I, thenLink: boolean, onProgress?: Progress): Promise<{ message: string }> {
    let message: string;
    if (keepsDraft) {
      const saved = await calls.saveDraft(edited._id, input, onProgress);
      change({ draft: saved.draft, image: pictureOf(saved.draft, calls.picture) });
      message = saved.message;
    } else {
      const saved = await calls.update(edited._id, input, onProgress);
      change({ image: saved.image ?? null });
      message = saved.message;
    }
    if (thenLink) change({ link: await calls.previewLink(edited._id) });
    return { message };
  }

  /** A version became the item's draft (the history's `message`): the form reads it back and shows it. */
  async function restore(edited: T, message: string): Promise<{ message: string }> {
    change({ historyOpen: false, restored: null });
    showDraft(edited, await calls.fetchDraft(edited._id));
    change({ restored: message });
    return { message };
  }

  return {
    /** The draft being edited (the submit then publishes it, and the form shows no state to choose), or null. */
    draft: state.draft,
    image: state.image,
    link: state.link,
    restored: state.restored,
    keepsDraft,
    /** RevisionsDialog's itemPath: null while the history is closed. */
    historyPath: state.historyOpen && item ? calls.itemPath(item._id) : null,
    openHistory: () => change({ historyOpen: true }),
    closeHistory: () => change({ historyOpen: false }),
    submit,
    keep,
    restore,
    discard: (edited: T) => calls.discardDraft(edited._id),
  } as const;
}

/** A form's runner (use-content-form.ts's submit): runs a write, shows its refusal, hands its message on. */
type FormRunner = (
  write: () => Promise<{ message: string }>,
  fallback: string,
  onSaved: (message: string) => void,
) => Promise<void>;

/**
 * The draft actions a content form offers beside its save, run through the form's own runner (Saving..., refusals):
 * Discard draft, after which the form closes with the message, and a restored version shown in the form, ready to
 * publish. `noun` names the item in the failure text.
 */
export function draftFormActions<T>(
  drafts: {
    discard: (item: T) => Promise<{ message: string }>;
    restore: (item: T, message: string) => Promise<{ message: string }>;
  },
  existing: T | null,
  run: FormRunner,
  onSaved: (message: string) => void,
  noun: string,
) {
  return {
    discard: async () => {
      if (existing)
        await run(() => drafts.discard(existing), 'The draft could not be discarded. Please try again.', onSaved);
    },
    showRestored: async (message: string) => {
      if (existing)
        await run(
          () => drafts.restore(existing, message),
          `The restored draft could not be read. Please close the ${noun} and open it again.`,
          () => undefined,
        );
    },
  };
}
