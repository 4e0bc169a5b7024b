/**
 * What every Content Management tab does (site-spec section 2): load the items (drafts included),
 * show them as cards with Edit, Publish/Unpublish and Delete, confirm a delete, open the tab's form dialog and report
 * each write in the notice. A tab passes only what differs: its API calls, card mapping, toolbar and form.
 * Usage: <ContentPanel {...props} label="Videos" noun="video" load={fetchAdminVideos} toCard={toCard}
 *   setPublished={setVideoPublished} remove={deleteVideo} toolbar={(open) => <PanelToolbar addLabel="New video" onAdd={open} />}
 *   form={(slot) => <VideoFormDialog {...slot} />} />
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type CardAction, type ContentCardItem } from './ContentCards.tsx';
import ContentNotice from './ContentNotice.tsx';
import DeleteContentDialog from './DeleteContentDialog.tsx';
import { useContentWrites } from './use-content-writes.ts';

/** What a tab's form dialog receives: the item to edit ('new' to create, null when closed) and how to close. */
export interface ContentFormSlot<T> {
  target: T | 'new' | null;
  /** Every item loaded (the audio form suggests categories from them). */
  items: readonly T[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

type Written = Promise<{ message: string }>;

// The currency is a Plans matter and the role the Blogs tab's: the panel itself shows no price and asks no role.
interface Props<T> extends Omit<ContentPanelProps, 'currency' | 'role'> {
  /** The list's accessible name, e.g. 'Videos'. */
  label: string;
  /** The item in the fallback errors: 'The {noun} could not be changed.' */
  noun: string;
  load: () => Promise<readonly T[]>;
  toCard: (item: T) => ContentCardItem;
  setPublished: (id: string, published: boolean) => Written;
  remove: (id: string) => Written;
  /**
   * The card's actions when they are not every tab's Edit, Publish/Unpublish and Delete (an author's post: Send for
   * review instead of Publish, nothing on a published one): what the default would be, given `run`, to keep or change.
   */
  cardActions?: (card: Card<T>, defaults: readonly CardAction[], run: (call: () => Written) => void) => CardAction[];
  /** The row above the notice; `openNew` opens the form empty, `reload` quietly reloads the list. */
  toolbar: (openNew: () => void, reload: () => void) => ReactNode;
  form: (slot: ContentFormSlot<T>) => ReactNode;
  details?: (item: T) => ReactNode;
  /** false for items that never have a picture (documents, plans): no image box at all. */
  showImage?: boolean;
}

export type Card<T> = ContentCardItem & { item: T };

export default function ContentPanel<T>({
  query,
  view,
  label,
  noun,
  load,
  toCard,
  setPublished,
  remove,
  toolbar,
  form,
  details,
  showImage,
  cardActions,
}: Props<T>) {
  const loadCards = useCallback(
    async () => (await load()).map((item): Card<T> => ({ ...toCard(item), item })),
    [load, toCard],
  );
  const { remote, reload } = useRemote<Card<T>[]>(loadCards, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Card<T> | null>(null);
  const busy = busyId !== null;

  return (
    <div className="flex flex-col gap-4">
      {toolbar(
        () => setEditing('new'),
        () => void reload(true),
      )}
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label={label}
        showImage={showImage}
        details={details && ((card) => details(card.item))}
        actions={(card) => {
          const defaults: CardAction[] = [
            { label: 'Edit', onClick: () => setEditing(card.item), disabled: busy },
            {
              label: card.published ? 'Unpublish' : 'Publish',
              disabled: busy,
              onClick: () =>
                void run(card.id, () => setPublished(card.id, !card.published), `The ${noun} could not be changed.`),
            },
            { label: 'Delete', tone: 'danger', onClick: () => setDeleting(card), disabled: busy },
          ];
          return cardActions
            ? cardActions(card, defaults, (call) => void run(card.id, call, `The ${noun} could not be changed.`))
            : defaults;
        }}
      />
      {form({
        target: editing,
        items: remote.state === 'ready' ? remote.data.map((card) => card.item) : [],
        onClose: () => {
          setEditing(null);
          // A form may have written before it was cancelled (a draft kept by Preview): the cards follow, and the item
          // opens on that draft next time.
          void reload(true);
        },
        onSaved: (message) => {
          setEditing(null);
          setNotice({ tone: 'ok', text: message });
          void reload(true);
        },
      })}
      <DeleteContentDialog
        name={deleting ? deleting.title : null}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          void run(deleting.id, () => remove(deleting.id), `The ${noun} could not be deleted.`).then(() =>
            setDeleting(null),
          )
        }
      />
    </div>
  );
}
