/**
 * ContentFormDialog for an item with drafts (useItemDraft): Publish draft as the submit while a draft is edited, Save
 * draft / Preview / History beside it for an existing item, the draft's notice above the fields, and the History dialog
 * beside the form (not in it: its controls are no part of the item's form).
 * Usage: <DraftContentFormDialog {...dialog props} drafts existing historyTitle onKeep onDiscard onRestored>{fields}</…>.
 */
import type { ComponentProps, ReactNode } from 'react';
import type { DraftInfo, PreviewLink } from '../../../../shared/drafts.ts';
import ContentFormDialog from './ContentFormDialog.tsx';
import DraftActions from './DraftActions.tsx';
import DraftPanel from './DraftPanel.tsx';
import RevisionsDialog from './RevisionsDialog.tsx';

type DialogProps = Omit<ComponentProps<typeof ContentFormDialog>, 'submitLabel' | 'actions' | 'children'>;

interface Props extends DialogProps {
  /** What useItemDraft answers for the form's item. */
  drafts: {
    draft: DraftInfo | null;
    link: PreviewLink | null;
    restored: string | null;
    keepsDraft: boolean;
    historyPath: string | null;
    openHistory: () => void;
    closeHistory: () => void;
  };
  /** An item being edited (a new one has no draft, preview or history yet). */
  existing: boolean;
  historyTitle: string;
  /** Save draft (false) or Preview (true). */
  onKeep: (thenLink: boolean) => void;
  onDiscard: () => void;
  onRestored: (message: string) => void;
  children: ReactNode;
}

export default function DraftContentFormDialog({
  drafts,
  existing,
  historyTitle,
  onKeep,
  onDiscard,
  onRestored,
  children,
  ...dialog
}: Props) {
  return (
    <>
      <ContentFormDialog
        {...dialog}
        submitLabel={drafts.draft ? 'Publish draft' : 'Save'}
        actions={
          existing && (
            <DraftActions
              keepsDraft={drafts.keepsDraft}
              busy={dialog.busy}
              onSaveDraft={() => onKeep(false)}
              onPreview={() => onKeep(true)}
              onHistory={drafts.openHistory}
            />
          )
        }
      >
        <DraftPanel
          draft={drafts.draft}
          link={drafts.link}
          restored={drafts.restored}
          busy={dialog.busy}
          onDiscard={onDiscard}
        />
        {children}
      </ContentFormDialog>
      <RevisionsDialog
        itemPath={drafts.historyPath}
        title={historyTitle}
        onClose={drafts.closeHistory}
        onRestored={onRestored}
      />
    </>
  );
}
