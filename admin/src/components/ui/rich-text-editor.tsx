/**
 * Rich text editor for article bodies (issue #15, decision 030). TipTap with
 * only what the article allowlist keeps (domain/src/sanitize.ts): paragraphs,
 * h2–h4, bold, italic, links (optionally in a new tab), bulleted and numbered
 * lists, quotes and line breaks. Pasted HTML goes through the domain's clean
 * paste rule first. The value is HTML without newlines ('' when empty), so the
 * site's newline-to-<br> step never adds breaks to it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { photoCredit } from '@portal/domain/engagement';
import { cleanPastedHtml } from '@portal/domain/paste';
import { isUrl, MESSAGES } from '@portal/domain/validation';
import {
  BoldIcon,
  BulletListIcon,
  Heading2Icon,
  Heading3Icon,
  Heading4Icon,
  ImageIcon,
  ItalicIcon,
  LineBreakIcon,
  LinkIcon,
  OrderedListIcon,
  ParagraphIcon,
  QuoteIcon,
} from './icons.tsx';

type Props = {
  label: string;
  /** HTML the editor opens with (see bodyToEditorHtml); read once per `resetKey`. */
  initialHtml: string;
  /** Change it to load `initialHtml` again (a restored draft, another story). */
  resetKey: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  /**
   * Inline images: the caller uploads one (crop dialog) and calls `insert`
   * with its URL. Without it the toolbar has no image button.
   */
  onRequestImage?: (insert: (src: string) => void) => void;
};

/**
 * Makes the editor's selection the one the writer sees. Chromium reports a
 * selection made with the keyboard (Shift+arrows) in a later task, after the
 * input that follows; the link form then takes the focus and the editor
 * ignores that late report, so the link would go on the wrong words, or
 * replace none (the e2e saw it on a slower machine).
 */
function takeDomSelection(view: EditorView) {
  // Unfocused, the DOM selection is not the editor's to follow.
  if (!view.hasFocus()) return;
  const dom = (view.root as Document).getSelection?.();
  if (!dom?.anchorNode || !dom.focusNode || !view.dom.contains(dom.anchorNode) || !view.dom.contains(dom.focusNode)) return;
  try {
    const anchor = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
    const head = view.posAtDOM(dom.focusNode, dom.focusOffset);
    const { selection, doc } = view.state;
    if (selection.anchor === anchor && selection.head === head) return;
    if (!doc.resolve(anchor).parent.inlineContent || !doc.resolve(head).parent.inlineContent) return;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
  } catch {
    // A position ProseMirror cannot map (inside a node view): its own selection stands.
  }
}

/** What the editor emits: '' for an empty document, otherwise its HTML without the empty paragraph kept at the end for typing. */
export const editorHtml = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

export function RichTextEditor({ label, initialHtml, resetKey, onChange, error, required, hint, onRequestImage }: Props) {
  const id = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: [],
          isAllowedUri: (url) => isUrl(url),
          // No rel/target unless asked for: the site adds rel="noopener noreferrer" to new-tab links.
          HTMLAttributes: { rel: null, target: null, class: null },
        },
      }),
      // <img src alt title> only: alt is the caption, title the credit (the site makes a figure with srcset of it).
      Image.extend({
        addNodeView() {
          return ({ node }) => {
            const dom = document.createElement('img');
            // A private file loads with the staff session cookie: the stored address is the one shown.
            dom.src = String(node.attrs.src ?? '');
            dom.alt = String(node.attrs.alt ?? '');
            if (node.attrs.title) dom.title = String(node.attrs.title);
            dom.className = 'my-2 aspect-video w-full rounded-lg object-cover';
            return { dom };
          };
        },
      }).configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        class: 'prose-article min-h-48 max-h-[28rem] overflow-y-auto px-3 py-2 text-base leading-relaxed focus:outline-none',
      },
      transformPastedHTML: (html) => cleanPastedHtml(html, new DOMParser()),
      // Ctrl+K opens the link form, like Docs and WordPress.
      handleKeyDown: (view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return false;
        event.preventDefault();
        takeDomSelection(view);
        setLinkOpen(true);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(editorHtml(e)),
  });

  // Load new content when the caller asks for it, without firing onChange.
  const loaded = useRef(resetKey);
  useEffect(() => {
    if (!editor || loaded.current === resetKey) return;
    loaded.current = resetKey;
    editor.commands.setContent(initialHtml, { emitUpdate: false });
  }, [editor, resetKey, initialHtml]);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': error ? 'true' : 'false',
          ...(error ? { 'aria-describedby': `${id}-error` } : {}),
        },
      },
    });
  }, [editor, error, id]);

  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div className={`rounded-md border ${error ? 'border-red-500' : 'border-slate-300'} focus-within:ring-2 focus-within:ring-blue-500`}>
        {editor && <Toolbar editor={editor} onRequestImage={onRequestImage} linkOpen={linkOpen} setLinkOpen={setLinkOpen} />}
        <EditorContent editor={editor} />
      </div>
      {hint && <div className="text-xs text-slate-500">{hint}</div>}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** A toolbar button: its name (the tooltip and what screen readers say), its shortcut, and its icon (bundled SVG, issue #34). */
type Action = { label: string; keys: string; aria: string; active: (e: Editor) => boolean; run: (e: Editor) => void; icon: ReactNode };

const ACTIONS: Action[] = [
  {
    label: 'Parágrafo',
    keys: 'Ctrl+Alt+0',
    aria: 'Control+Alt+0',
    active: (e) => e.isActive('paragraph'),
    run: (e) => e.chain().focus().setParagraph().run(),
    icon: <ParagraphIcon />,
  },
  {
    label: 'Cabeçalho H2',
    keys: 'Ctrl+Alt+2',
    aria: 'Control+Alt+2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    icon: <Heading2Icon />,
  },
  {
    label: 'Cabeçalho H3',
    keys: 'Ctrl+Alt+3',
    aria: 'Control+Alt+3',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    icon: <Heading3Icon />,
  },
  {
    label: 'Cabeçalho H4',
    keys: 'Ctrl+Alt+4',
    aria: 'Control+Alt+4',
    active: (e) => e.isActive('heading', { level: 4 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 4 }).run(),
    icon: <Heading4Icon />,
  },
  {
    label: 'Negrito',
    keys: 'Ctrl+B',
    aria: 'Control+B',
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
    icon: <BoldIcon />,
  },
  {
    label: 'Itálico',
    keys: 'Ctrl+I',
    aria: 'Control+I',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
    icon: <ItalicIcon />,
  },
  {
    label: 'Lista com marcadores',
    keys: 'Ctrl+Shift+8',
    aria: 'Control+Shift+8',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
    icon: <BulletListIcon />,
  },
  {
    label: 'Lista numerada',
    keys: 'Ctrl+Shift+7',
    aria: 'Control+Shift+7',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    icon: <OrderedListIcon />,
  },
  {
    label: 'Citação',
    keys: 'Ctrl+Shift+B',
    aria: 'Control+Shift+B',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    icon: <QuoteIcon />,
  },
  { label: 'Quebra de linha', keys: 'Shift+Enter', aria: 'Shift+Enter', active: () => false, run: (e) => e.chain().focus().setHardBreak().run(), icon: <LineBreakIcon /> },
];

const BUTTON = 'inline-flex items-center justify-center gap-1 rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-100 aria-pressed:bg-slate-200 aria-pressed:font-semibold';

function Toolbar({
  editor,
  onRequestImage,
  linkOpen,
  setLinkOpen,
}: {
  editor: Editor;
  onRequestImage?: Props['onRequestImage'];
  linkOpen: boolean;
  setLinkOpen: (open: boolean | ((open: boolean) => boolean)) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: ACTIONS.map((a) => a.active(e)),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      newTab: e.getAttributes('link').target === '_blank',
    }),
  });
  const [imageOpen, setImageOpen] = useState(false);

  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div role="toolbar" aria-label="Formatação do texto" className="flex flex-wrap gap-1 p-1">
        {ACTIONS.map((a, i) => (
          <button
            key={a.label}
            type="button"
            className={BUTTON}
            aria-label={a.label}
            title={`${a.label} (${a.keys})`}
            aria-keyshortcuts={a.aria}
            aria-pressed={a.label === 'Quebra de linha' ? undefined : !!state.active[i]}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => a.run(editor)}
          >
            {a.icon}
          </button>
        ))}
        <button
          type="button"
          className={BUTTON}
          aria-label="Link"
          title="Link (Ctrl+K)"
          aria-keyshortcuts="Control+K"
          aria-pressed={state.link}
          aria-expanded={linkOpen}
          onMouseDown={() => takeDomSelection(editor.view)}
          onClick={() => setLinkOpen((o) => !o)}
        >
          <LinkIcon /> Link
        </button>
        {onRequestImage && (
          <button
            type="button"
            className={BUTTON}
            aria-label="Imagem"
            title="Imagem (enviar e recortar)"
            aria-expanded={imageOpen}
            onClick={() => setImageOpen((o) => !o)}
          >
            <ImageIcon /> Imagem
          </button>
        )}
      </div>
      {linkOpen && <LinkForm key={state.href} editor={editor} href={state.href} newTab={state.newTab} onDone={() => setLinkOpen(false)} />}
      {imageOpen && onRequestImage && <ImageForm editor={editor} onRequestImage={onRequestImage} onDone={() => setImageOpen(false)} />}
    </div>
  );
}

function LinkForm({ editor, href, newTab, onDone }: { editor: Editor; href: string; newTab: boolean; onDone: () => void }) {
  const id = useId();
  const [url, setUrl] = useState(href);
  const [blank, setBlank] = useState(newTab);
  const [error, setError] = useState<string | null>(null);

  function apply(e?: FormEvent) {
    e?.preventDefault();
    const value = url.trim();
    if (!isUrl(value)) {
      setError(MESSAGES.fullUrlRequired);
      return;
    }
    const attrs = { href: value, target: blank ? '_blank' : null, rel: null };
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs }] }).run();
    // The cursor goes after the link, as in Docs: what is typed next never replaces the linked words.
    else chain.setLink(attrs).command(({ tr }) => (tr.setSelection(TextSelection.create(tr.doc, tr.selection.to)), true)).run();
    onDone();
  }

  return (
    // A nested <form> is not allowed inside the news form: Enter is handled here instead.
    <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 p-2" role="group" aria-label="Link">
      <div className="min-w-64 flex-1 space-y-1">
        <label htmlFor={`${id}-url`} className="block text-xs font-medium text-slate-700">
          Endereço do link
        </label>
        <input
          id={`${id}-url`}
          autoFocus
          className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          placeholder="https://..."
          value={url}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply(e);
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onDone();
            }
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <label className="flex items-center gap-1 text-sm text-slate-700">
        <input type="checkbox" checked={blank} onChange={(e) => setBlank(e.target.checked)} /> Abrir em nova aba
      </label>
      <button type="button" className="rounded-md bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800" onClick={() => apply()}>
        Aplicar link
      </button>
      {href && (
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Remover link
        </button>
      )}
      <button type="button" className="rounded-md px-3 py-1 text-sm text-slate-700 hover:bg-slate-100" onClick={onDone}>
        Cancelar
      </button>
    </div>
  );
}

/** Caption (the image's alt text) and credit first, then the crop-and-upload dialog; the image goes where the caret was. */
function ImageForm({ editor, onRequestImage, onDone }: { editor: Editor; onRequestImage: NonNullable<Props['onRequestImage']>; onDone: () => void }) {
  const id = useId();
  const [caption, setCaption] = useState('');
  const [credit, setCredit] = useState('');
  const [error, setError] = useState<string | null>(null);

  function choose() {
    if (!caption.trim()) {
      setError('Escreva a legenda: ela descreve a imagem para quem não a vê');
      return;
    }
    const at = editor.state.selection.to;
    onRequestImage((src) => {
      editor
        .chain()
        .focus()
        .insertContentAt(at, { type: 'image', attrs: { src, alt: caption.trim(), title: photoCredit(credit) || null } })
        .run();
    });
    onDone();
  }

  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 p-2" role="group" aria-label="Imagem no texto">
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={`${id}-caption`} className="block text-xs font-medium text-slate-700">
          Legenda da foto
        </label>
        <input
          id={`${id}-caption`}
          autoFocus
          className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          value={caption}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCaption(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <div className="min-w-40 space-y-1">
        <label htmlFor={`${id}-credit`} className="block text-xs font-medium text-slate-700">
          Crédito da foto (fotógrafo ou fonte)
        </label>
        <input
          id={`${id}-credit`}
          className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          value={credit}
          onChange={(e) => setCredit(e.target.value)}
        />
      </div>
      <button type="button" className="rounded-md bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800" onClick={choose}>
        Escolher e recortar imagem
      </button>
      <button type="button" className="rounded-md px-3 py-1 text-sm text-slate-700 hover:bg-slate-100" onClick={onDone}>
        Cancelar
      </button>
    </div>
  );
}
