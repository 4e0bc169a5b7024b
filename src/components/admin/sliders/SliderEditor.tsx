/**
 * Hero/Slider Editor (/admin/edit-hero): the 'All Sliders' grid, the edit/create form with its live preview. An active
 * slide's changes may instead be kept as a draft (Save draft) that visitors do not see until it is published; Preview
 * saves (the draft of an active slide, an inactive slide itself) and shows a link to share; History lists the slide's
 * kept versions and restores one as the draft the form then shows.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createSlider,
  deleteSlider,
  fetchAdminSliders,
  reorderSliders,
  setSliderActive,
  updateSlider,
} from '../../../lib/api/admin/sliders.ts';
import { fetchCompany } from '../../../lib/api/company.ts';
import {
  emptySliderForm,
  formFromSlider,
  moveItem,
  saveFailureMessage,
  serverMessage,
  sliderFormData,
  SLIDER_TEXTS,
  type SliderFormValues,
} from '../../../lib/admin/slider-form.ts';
import type { AdminSlider } from '../../../shared/sliders-admin.ts';
import { Alert } from '../../auth/fields.tsx';
import DraftActions from '../content/ui/DraftActions.tsx';
import DraftPanel from '../content/ui/DraftPanel.tsx';
import RevisionsDialog from '../content/ui/RevisionsDialog.tsx';
import { useItemDraft } from '../content/ui/use-item-draft.ts';
import AdminGate from '../ui/AdminGate.tsx';
import Spinner from '../ui/Spinner.tsx';
import ConfirmDeactivate from './ConfirmDeactivate.tsx';
import ConfirmDelete from './ConfirmDelete.tsx';
import { useDataUrl } from './ImageField.tsx';
import { isLastActive } from './last-active.ts';
import SliderCard from './SliderCard.tsx';
import SliderForm from './SliderForm.tsx';
import SliderPreview from './SliderPreview.tsx';
import { draftSlide, formFromDraft, SLIDER_DRAFTS } from './slider-drafts.ts';

type Slider = AdminSlider;

type Selection = { mode: 'none' } | { mode: 'edit'; slider: Slider } | { mode: 'create' };
type ListState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; sliders: Slider[] };
type Status = { tone: 'success' | 'error'; text: string } | null;

/** Whose buttons wait for a call: one slider's id, or 'all' (every card's) while the order is saved. */
type Working = string | null;

/** The list as the grid shows it: the server's sliders, or the error state when they could not be read. */
const readList = (): Promise<ListState> =>
  fetchAdminSliders().then(
    (sliders): ListState => ({ state: 'ready', sliders }),
    (): ListState => ({ state: 'error' }),
  );

function Editor() {
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const [companyId, setCompanyId] = useState('');
  const [selection, setSelection] = useState<Selection>({ mode: 'none' });
  const [values, setValues] = useState<SliderFormValues>(() => emptySliderForm(''));
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [listStatus, setListStatus] = useState<Status>(null);
  const [working, setWorking] = useState<Working>(null);
  const [deleting, setDeleting] = useState<Slider | null>(null);
  // The only active slider, waiting for the admin to confirm it goes dark (the hero falls back to the default): by
  // its card's Deactivate, or by saving the form with Active unticked.
  const [deactivating, setDeactivating] = useState<{ slider: Slider; by: 'toggle' | 'save' } | null>(null);
  // The arrow to focus again once the moved cards are drawn: '<slider id> <up|down>'.
  const refocus = useRef<string | null>(null);
  const dragFrom = useRef<number | null>(null);
  const formSection = useRef<HTMLElement>(null);
  const chosenImage = useDataUrl(file);
  // The slide edited, as the draft hook reads an item: a new identity each time one is opened.
  const target = useMemo(
    () => (selection.mode === 'edit' ? draftSlide(selection.slider) : selection.mode === 'create' ? 'new' : null),
    [selection],
  );
  const drafts = useItemDraft({
    target,
    calls: SLIDER_DRAFTS,
    show: (_shown, saved) => {
      setValues((shown) => formFromDraft(shown, saved.fields));
      // An image chosen but not sent belongs to the form being replaced.
      setFile(null);
    },
  });
  const editedSlide = target !== null && target !== 'new' ? target : null;

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setList({ state: 'loading' });
    setList(await readList());
  }, []);

  useEffect(() => {
    // The list starts as loading: nothing to show before the answer.
    void readList().then(setList);
    void fetchCompany().then((c) => setCompanyId(c._id));
  }, []);

  // Moving a card moves its DOM node, which loses focus: give it back to the arrow that was pressed.
  useEffect(() => {
    if (!refocus.current || working !== null) return;
    const [id, dir] = refocus.current.split(' ');
    const buttons = [
      ...document.querySelectorAll<HTMLButtonElement>(`[data-slider-id="${CSS.escape(id ?? '')}"] button[data-move]`),
    ];
    const wanted = buttons.find((b) => b.dataset['move'] === dir && !b.disabled) ?? buttons.find((b) => !b.disabled);
    wanted?.focus();
    refocus.current = null;
  }, [list, working]);

  const sliders = list.state === 'ready' ? list.sliders : [];

  function open(next: Selection) {
    setSelection(next);
    setFile(null);
    setStatus(null);
    setValues(
      next.mode === 'edit' ? formFromSlider(next.slider) : emptySliderForm((sliders[0]?.company ?? '') || companyId),
    );
    requestAnimationFrame(() => formSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  function close() {
    setSelection({ mode: 'none' });
    setFile(null);
  }

  async function save() {
    const editing = selection.mode === 'edit' ? selection.slider : null;
    setBusy(true);
    setStatus(null);
    setProgress(file ? 0 : null);
    const onProgress = file ? (p: { percent: number }) => setProgress(p.percent) : undefined;
    try {
      const form = sliderFormData(values, file);
      let text: string = SLIDER_TEXTS.created;
      // While a draft is edited the submit saves the form to it and publishes it.
      if (editedSlide && drafts.draft) text = (await drafts.submit(editedSlide, form, onProgress)).message;
      else if (editing) {
        await updateSlider(editing._id, form, onProgress);
        text = SLIDER_TEXTS.updated;
      } else await createSlider(form, onProgress);
      setStatus({ tone: 'success', text });
      close();
      // The form folds away under the pointer: bring its message into view.
      requestAnimationFrame(() => formSection.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
      await load(true);
    } catch (error) {
      setStatus({ tone: 'error', text: saveFailureMessage(error) });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  /** One of the draft's calls, with Saving… and its refusal shown as the form's save's are. */
  async function draftCall(work: () => Promise<void>, fallback: string) {
    setBusy(true);
    setStatus(null);
    try {
      await work();
    } catch (error) {
      setStatus({ tone: 'error', text: serverMessage(error) ?? fallback });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  /** Saves the form to the slide's draft (or an inactive slide itself); `thenLink`: stays open with a link. */
  const keep = (thenLink: boolean) =>
    draftCall(async () => {
      if (!editedSlide) return;
      setProgress(file ? 0 : null);
      const onProgress = file ? (p: { percent: number }) => setProgress(p.percent) : undefined;
      const { message } = await drafts.keep(editedSlide, sliderFormData(values, file), thenLink, onProgress);
      // Stored now: the next save sends no file again.
      setFile(null);
      if (thenLink) {
        await load(true);
        return;
      }
      setStatus({ tone: 'success', text: message });
      close();
      await load(true);
    }, 'The draft could not be saved. Please try again.');

  const discard = () =>
    draftCall(async () => {
      if (!editedSlide) return;
      const { message } = await drafts.discard(editedSlide);
      setStatus({ tone: 'success', text: message });
      close();
      await load(true);
    }, 'The draft could not be discarded. Please try again.');

  /** A version became the slide's draft: the form shows it, and Publish draft then makes it live. */
  const showRestored = (message: string) =>
    draftCall(async () => {
      if (editedSlide) await drafts.restore(editedSlide, message);
      await load(true);
    }, 'The restored draft could not be read. Please close the slider and open it again.');

  function replace(updated: Slider) {
    setList((l) =>
      l.state === 'ready'
        ? { state: 'ready', sliders: l.sliders.map((s) => (s._id === updated._id ? updated : s)) }
        : l,
    );
  }

  async function toggleActive(slider: Slider) {
    setWorking(slider._id);
    setListStatus(null);
    try {
      const { slider: saved } = await setSliderActive(slider._id, !slider.isActive);
      const next = { ...slider, isActive: saved.isActive };
      replace(next);
      if (selection.mode === 'edit' && selection.slider._id === slider._id)
        setValues((v) => ({ ...v, isActive: next.isActive }));
      setListStatus({
        tone: 'success',
        text: `“${slider.title || 'Untitled slider'}” is now ${next.isActive ? 'active' : 'inactive'}.`,
      });
    } catch (error) {
      setListStatus({ tone: 'error', text: serverMessage(error) ?? 'Failed to change the slider.' });
    } finally {
      setWorking(null);
    }
  }

  async function move(from: number, to: number, dir?: 'up' | 'down') {
    const next = moveItem(sliders, from, to);
    const moved = sliders[from];
    if (!moved || next.every((s, i) => s._id === sliders[i]?._id)) return;
    setWorking('all');
    setListStatus(null);
    // Shown at once, numbered as the server will number them; the answer replaces it.
    setList({ state: 'ready', sliders: next.map((s, i) => ({ ...s, order: i })) });
    if (dir) refocus.current = `${moved._id} ${dir}`;
    try {
      setList({ state: 'ready', sliders: await reorderSliders(next.map((s) => s._id)) });
      setListStatus({
        tone: 'success',
        text: `Order saved: “${moved.title || 'Untitled slider'}” is now number ${next.indexOf(moved) + 1}.`,
      });
    } catch (error) {
      setList({ state: 'ready', sliders });
      setListStatus({ tone: 'error', text: serverMessage(error) ?? 'Failed to save the new order.' });
    } finally {
      setWorking(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const gone = deleting;
    setWorking(gone._id);
    try {
      await deleteSlider(gone._id);
      if (selection.mode === 'edit' && selection.slider._id === gone._id) close();
      setListStatus({ tone: 'success', text: `“${gone.title || 'Untitled slider'}” was deleted.` });
      setDeleting(null);
      await load(true);
    } catch (error) {
      setListStatus({ tone: 'error', text: serverMessage(error) ?? 'Failed to delete the slider.' });
      setDeleting(null);
    } finally {
      setWorking(null);
    }
  }

  const selectedId = selection.mode === 'edit' ? selection.slider._id : null;
  const message = (
    <div aria-live="polite" className="mb-4 empty:hidden">
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
    </div>
  );
  const currentImage = selection.mode === 'edit' ? (drafts.image ?? selection.slider.image) : '';

  return (
    <div className="w-full">
      <section aria-labelledby="all-sliders-heading" className="mb-10">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="all-sliders-heading" className="m-0 text-xl font-semibold">
              All Sliders
            </h2>
            {sliders.length > 1 && (
              <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
                Drag a card or use its arrows to change the order.
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => open({ mode: 'create' })}
            className="brand-button min-h-11 px-5 py-2 font-semibold"
          >
            + Add New Slider
          </button>
        </div>
        <div aria-live="polite" className="mb-3 empty:hidden">
          {listStatus && <Alert tone={listStatus.tone}>{listStatus.text}</Alert>}
        </div>
        {list.state === 'loading' && <Spinner compact label="Loading sliders" />}
        {list.state === 'error' && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-4">
            <p role="alert" className="m-0 text-red-700 dark:text-red-300">
              {SLIDER_TEXTS.listFailed}
            </p>
            <button
              type="button"
              onClick={() => void load()}
              className="rounded-md border border-current px-3 py-1.5 text-sm font-semibold text-red-700 dark:text-red-300"
            >
              Retry
            </button>
          </div>
        )}
        {list.state === 'ready' && sliders.length === 0 && (
          <p className="m-0 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-white/15 dark:text-gray-400">
            {SLIDER_TEXTS.empty}
          </p>
        )}
        {sliders.length > 0 && (
          <ul className="m-0 grid list-none gap-4 p-0 sm:grid-cols-2 xl:grid-cols-3">
            {sliders.map((slider, index) => (
              <SliderCard
                key={slider._id}
                slider={slider}
                index={index}
                count={sliders.length}
                selected={slider._id === selectedId}
                busy={working === 'all' || working === slider._id}
                onSelect={() => open({ mode: 'edit', slider })}
                onToggleActive={() =>
                  isLastActive(sliders, slider) ? setDeactivating({ slider, by: 'toggle' }) : void toggleActive(slider)
                }
                onMove={(to) => void move(index, to, to < index ? 'up' : 'down')}
                onDelete={() => setDeleting(slider)}
                onDragStart={() => (dragFrom.current = index)}
                onDrop={() => {
                  if (dragFrom.current !== null) void move(dragFrom.current, index);
                  dragFrom.current = null;
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <section
        ref={formSection}
        aria-labelledby="slider-form-heading"
        className="scroll-mt-20 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#0d141c] sm:p-6"
      >
        <h2 id="slider-form-heading" className="m-0 mb-4 text-xl font-semibold">
          {selection.mode === 'create' ? 'Add New Slider' : 'Edit Slider'}
        </h2>
        {/* One live region: above the prompt once the form has closed, beside Save Changes while it is open. */}
        {selection.mode === 'none' && message}
        {selection.mode === 'none' ? (
          <p className="m-0 text-gray-600 dark:text-gray-400">{SLIDER_TEXTS.prompt}</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-8">
            {/* First on a phone, so it is seen on opening; beside the form, and kept in view, on a wide screen. */}
            <div className="lg:sticky lg:top-20 lg:order-2 lg:self-start">
              <SliderPreview values={values} image={chosenImage || currentImage} />
            </div>
            <div className="min-w-0 lg:order-1">
              <SliderForm
                key={selectedId ?? 'new'}
                values={values}
                onChange={setValues}
                file={file}
                onFile={setFile}
                currentImage={currentImage}
                busy={busy}
                progress={progress}
                onSubmit={() => {
                  const editing = selection.mode === 'edit' ? selection.slider : null;
                  if (editing && !values.isActive && isLastActive(sliders, editing))
                    setDeactivating({ slider: editing, by: 'save' });
                  else void save();
                }}
                onCancel={close}
                message={message}
                editingDraft={drafts.draft !== null}
                draftPanel={
                  <DraftPanel
                    draft={drafts.draft}
                    link={drafts.link}
                    restored={drafts.restored}
                    busy={busy}
                    onDiscard={() => void discard()}
                  />
                }
                draftActions={
                  editedSlide && (
                    <DraftActions
                      keepsDraft={drafts.keepsDraft}
                      busy={busy}
                      onSaveDraft={() => void keep(false)}
                      onPreview={() => void keep(true)}
                      onHistory={drafts.openHistory}
                    />
                  )
                }
              />
            </div>
          </div>
        )}
      </section>

      <ConfirmDeactivate
        name={deactivating ? deactivating.slider.title || 'Untitled slider' : null}
        busy={busy || (working !== null && working === deactivating?.slider._id)}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (!deactivating) return;
          const done = deactivating.by === 'save' ? save() : toggleActive(deactivating.slider);
          void done.finally(() => setDeactivating(null));
        }}
      />
      {/* Beside the form, not in it: its controls and buttons are no part of the slide's form. */}
      <RevisionsDialog
        itemPath={drafts.historyPath}
        title={editedSlide ? `History of "${editedSlide.title || 'Untitled slider'}"` : 'History'}
        onClose={drafts.closeHistory}
        onRestored={(message) => void showRestored(message)}
      />
      <ConfirmDelete
        name={deleting ? deleting.title || 'Untitled slider' : null}
        lastActive={deleting !== null && isLastActive(sliders, deleting)}
        busy={working !== null && working === deleting?._id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

export default function SliderEditor() {
  return <AdminGate>{() => <Editor />}</AdminGate>;
}
