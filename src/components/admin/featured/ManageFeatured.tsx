/**
 * The /admin/featured screen: the items pinned to the front of the home page's Featured row, in order (move up or
 * down, unpin), a search of published items of every kind to pin, and the row as visitors get it (the pins, then the
 * most popular items). Each change saves the whole list at once and asks for the site rebuild; the status line says so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchFeatured, saveFeatured } from '../../../lib/api/admin/featured.ts';
import { itemKey } from '../../../shared/recommend-rank.ts';
import { FEATURED_PINS_MAX, type FeaturedItem } from '../../../shared/schemas/featured.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import FeaturedPreview from './FeaturedPreview.tsx';
import {
  FULL_NOTICE,
  isPinned,
  moveNotice,
  pinNotice,
  unpinNotice,
  withMove,
  withoutPin,
  withPin,
} from './featured-form.ts';
import PinnedList from './PinnedList.tsx';
import PinSearch from './PinSearch.tsx';

function FeaturedScreen() {
  const { remote, reload, set } = useRemote(
    useCallback(() => fetchFeatured(), []),
    'Could not load the featured items.',
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const pins = remote.state === 'ready' ? remote.data.pins : [];

  // The control to focus once a save has landed and the buttons are enabled again (a moved row's arrow, the next
  // row after an unpin).
  const focusAfterSave = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !focusAfterSave.current) return;
    document.querySelector<HTMLElement>(focusAfterSave.current)?.focus();
    focusAfterSave.current = null;
  }, [busy]);

  async function save(next: FeaturedItem[], done: (saved: FeaturedItem[]) => string) {
    if (remote.state !== 'ready') return;
    setBusy(true);
    setNotice(null);
    set({ ...remote.data, pins: next });
    try {
      const answer = await saveFeatured(next);
      set({ pins: answer.pins, preview: answer.preview });
      setNotice({ tone: 'ok', text: done(answer.pins) });
    } catch (error) {
      setNotice({
        tone: 'error',
        text: errorMessage(error, 'The featured items could not be saved. Please try again.'),
      });
      focusAfterSave.current = null;
      void reload(true);
    } finally {
      setBusy(false);
    }
  }

  function pin(item: FeaturedItem) {
    if (pins.length >= FEATURED_PINS_MAX) {
      setNotice({ tone: 'error', text: FULL_NOTICE });
      return;
    }
    void save(withPin(pins, item), (saved) => pinNotice(item.title, saved.length, saved.length));
  }

  /** From the pinned list the focus goes to the next pin (the row it was on is gone); from a search result it stays. */
  function unpin(item: FeaturedItem, fromList = true) {
    const index = pins.findIndex((p) => itemKey(p) === itemKey(item));
    const next = withoutPin(pins, item);
    const neighbour = next[index] ?? next[index - 1];
    if (fromList)
      focusAfterSave.current = neighbour
        ? `[data-pin="${CSS.escape(itemKey(neighbour))}"] button[data-unpin]`
        : '#featured-search-words';
    void save(next, () => unpinNotice(item.title));
  }

  function move(from: number, to: number) {
    const moved = pins[from];
    const next = withMove(pins, from, to);
    if (!moved || next.every((p, i) => itemKey(p) === itemKey(pins[i] ?? p))) return;
    focusAfterSave.current = `[data-pin="${CSS.escape(itemKey(moved))}"] button[data-move="${to < from ? 'up' : 'down'}"]:not(:disabled)`;
    void save(next, (saved) =>
      moveNotice(moved.title, saved.findIndex((p) => itemKey(p) === itemKey(moved)) + 1, saved.length),
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="m-0 max-w-3xl text-sm text-gray-600 dark:text-gray-400">
        The home page's Featured row shows signed-out visitors the items pinned here, in this order, and then the most
        popular items of the last 30 days. Signed-in visitors get For You, chosen from what they viewed, liked, bought
        and registered for; without any of that, they get this row too.
      </p>
      <NoticeLine notice={notice} />
      {remote.state === 'loading' && <PanelLoading label="Loading the featured items" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && (
        <>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Panel title={`Pinned items (${pins.length} of ${FEATURED_PINS_MAX})`} id="featured-pins-heading">
              {pins.length === 0 ? (
                <p className="m-0 py-6 text-center text-sm text-gray-600 dark:text-gray-400">
                  Nothing is pinned: the row shows the most popular items. Search for an item to pin it.
                </p>
              ) : (
                <PinnedList pins={pins} busy={busy} onMove={move} onUnpin={(item) => unpin(item)} />
              )}
            </Panel>
            <Panel title="Find items to pin" id="featured-search-heading">
              <PinSearch
                busy={busy}
                isPinned={(item) => isPinned(pins, item)}
                onPin={pin}
                onUnpin={(item) => unpin(item, false)}
              />
            </Panel>
          </div>
          <Panel title="What the Featured row shows" id="featured-preview-heading">
            <FeaturedPreview items={remote.data.preview} />
          </Panel>
        </>
      )}
    </div>
  );
}

export default function ManageFeatured() {
  return <AdminGate>{() => <FeaturedScreen />}</AdminGate>;
}
