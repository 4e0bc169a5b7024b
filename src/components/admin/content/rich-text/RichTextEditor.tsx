/**
 * The rich-text editor of the Blogs and Pages tabs (Tiptap): bold, italic, headings 2 and 3, lists, links, quotes,
 * pictures and audio from the media library, undo and redo; nothing the blog allow-list would drop (the server
 * sanitises with it anyway). Answers HTML, '' when empty.
 * Usage: <RichTextEditor label="Content" initialHtml={html} onChange={setHtml} />; remount (key) to load another text.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState, type ReactNode } from 'react';
import { inputClass } from '../../../auth/fields.tsx';
import { audioAttrs, LibraryAudio } from './library-audio.ts';
import { LibraryPicture, pictureAttrs } from './library-picture.ts';
import MediaPickerDialog, { type EmbeddedKind, type MediaChoice } from './MediaPickerDialog.tsx';

interface Props {
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /** The Picture and Audio buttons (on unless told): off where the text leaves the site, e.g. in a mail. */
  media?: boolean;
}

/** Links the blog allow-list keeps: http(s), site paths and anchors (render-content.ts ALLOWED_URI_REGEXP). */
const LINK = /^(?:https?:\/\/[^\s]+|\/(?![/\\])[^\s]*|#[^\s]*)$/i;

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // Not in the blog allow-list: they would vanish on save.
    strike: false,
    underline: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => LINK.test(url.trim()),
      // rel and target are dropped by the allow-list; the stored link stays plain.
      HTMLAttributes: { rel: null, target: null },
    },
  }),
  LibraryPicture,
  LibraryAudio,
];

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      // Keeps the editor's selection while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-semibold disabled:opacity-40 ${active ? 'bg-[var(--color-primary)] text-white' : 'hover:bg-gray-200 dark:hover:bg-white/10'}`}
    >
      {children}
    </button>
  );
}

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    className="h-4 w-4"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

/** The link row: an address for the selected text, applied or removed. */
function LinkRow({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState(() => String(editor.getAttributes('link')['href'] ?? ''));
  const [error, setError] = useState('');
  const apply = () => {
    const url = href.trim();
    if (url === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    if (!LINK.test(url)) {
      setError('Use an address starting with https://, http:// or / (a page of this site).');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-gray-200 px-2 py-2 dark:border-white/10">
      <label className="w-full min-w-0 text-sm font-medium text-gray-800 sm:w-auto sm:flex-1 dark:text-gray-200">
        Link address
        <input
          className={inputClass}
          type="url"
          value={href}
          placeholder="https://"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the row opens when the editor presses Link: the address it asks for takes the focus
          autoFocus
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onDone();
            }
          }}
        />
      </label>
      <button type="button" onClick={apply} className="brand-button px-3 py-2 text-sm font-semibold">
        Apply link
      </button>
      <button
        type="button"
        onClick={onDone}
        className="rounded-md border border-gray-300 px-3 py-2 text-sm hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
      >
        Cancel
      </button>
      {error && (
        <p role="alert" className="m-0 w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({
  editor,
  onLink,
  onMedia,
}: {
  editor: Editor;
  onLink: () => void;
  onMedia: ((kind: EmbeddedKind) => void) | null;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1 dark:border-white/10 dark:bg-white/5"
    >
      <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <span className="font-bold">B</span>
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <span className="italic font-serif">I</span>
      </ToolButton>
      <ToolButton label="Heading 2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label="Heading 3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label="Bullet list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        {icon('M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01')}
      </ToolButton>
      <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        {icon('M10 6h10M10 12h10M10 18h10M4 4v4M3 14h2l-2 3h2')}
      </ToolButton>
      <ToolButton label="Link" active={state.link} onClick={onLink}>
        {icon('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1')}
      </ToolButton>
      <ToolButton label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        {icon('M7 7h4v4H8l-1 4M14 7h4v4h-3l-1 4')}
      </ToolButton>
      {onMedia && (
        <>
          <ToolButton label="Picture" onClick={() => onMedia('image')}>
            {icon('M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01')}
          </ToolButton>
          <ToolButton label="Audio" onClick={() => onMedia('audio')}>
            {icon('M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z')}
          </ToolButton>
        </>
      )}
      <ToolButton label="Undo" disabled={!state.undo} onClick={() => chain().undo().run()}>
        {icon('M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3')}
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.redo} onClick={() => chain().redo().run()}>
        {icon('m15 14 5-5-5-5M20 9H9a5 5 0 0 0 0 10h3')}
      </ToolButton>
    </div>
  );
}

export default function RichTextEditor({ label, initialHtml, onChange, media = true }: Props) {
  const labelId = useId();
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState<EmbeddedKind | null>(null);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    // The site's CSP allows no injected <style>; the few rules ProseMirror needs are classes below.
    injectCSS: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class:
          'blog-content min-h-48 max-h-[60vh] overflow-y-auto whitespace-pre-wrap break-words px-3 py-2 leading-relaxed outline-none space-y-3 focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-[var(--color-primary)]',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // At the cursor (the selection the editor kept while the dialog was open), replacing a selected node.
  const insert = (kind: EmbeddedKind, { item, alt, caption }: MediaChoice) => {
    const node =
      kind === 'image'
        ? { type: LibraryPicture.name, attrs: pictureAttrs(item, alt, caption) }
        : { type: LibraryAudio.name, attrs: audioAttrs(item) };
    setPicking(null);
    editor.chain().focus().insertContent(node).run();
  };

  return (
    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
      <span id={labelId}>{label}</span>
      <div className="mt-1 overflow-hidden rounded-md border border-gray-300 bg-white text-base font-normal text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100">
        <Toolbar editor={editor} onLink={() => setLinking((on) => !on)} onMedia={media ? setPicking : null} />
        {linking && <LinkRow editor={editor} onDone={() => setLinking(false)} />}
        <EditorContent editor={editor} />
        {picking && (
          <MediaPickerDialog
            key={picking}
            kind={picking}
            onCancel={() => {
              setPicking(null);
              editor.commands.focus();
            }}
            onInsert={(choice) => insert(picking, choice)}
          />
        )}
      </div>
    </div>
  );
}
