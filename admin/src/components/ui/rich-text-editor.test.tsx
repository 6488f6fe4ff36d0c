import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ARTICLE_ALLOWED_TAGS } from '@portal/domain/sanitize';
import { RichTextEditor } from './rich-text-editor.tsx';

type EditorDom = HTMLElement & { editor: { commands: { selectAll(): boolean; setTextSelection(r: number | { from: number; to: number }): boolean } } };

function setup(initialHtml = '') {
  const onChange = vi.fn<(html: string) => void>();
  render(<RichTextEditor label="Conteúdo" initialHtml={initialHtml} resetKey="1" onChange={onChange} />);
  const box = screen.getByRole('textbox', { name: 'Conteúdo' }) as EditorDom;
  const last = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  const selectAll = () => act(() => void box.editor.commands.selectAll());
  return { box, onChange, last, selectAll };
}

/** Every tag in the output is one the public sanitizer keeps; the only attributes are href and target. */
function expectAllowlisted(html: string) {
  for (const [, tag] of html.matchAll(/<\/?([a-z0-9]+)/g)) expect(ARTICLE_ALLOWED_TAGS).toContain(tag);
  for (const [, attr] of html.matchAll(/\s([a-z-]+)=/g)) expect(['href', 'target', 'src', 'alt', 'title']).toContain(attr);
  expect(html).not.toContain('\n');
}

function paste(target: HTMLElement, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
  event.clipboardData = {
    getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? html.replace(/<[^>]+>/g, '') : ''),
    types: ['text/html', 'text/plain'],
    files: [],
    items: [],
  };
  fireEvent(target, event);
}

describe('rich text editor', () => {
  it('the toolbar draws its icons as bundled SVG, never as font glyphs or emoji (issue #34)', () => {
    render(<RichTextEditor label="Conteúdo" initialHtml="" resetKey="1" onChange={() => {}} onRequestImage={() => {}} />);
    const buttons = within(screen.getByRole('toolbar', { name: 'Formatação do texto' })).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Parágrafo',
      'Cabeçalho H2',
      'Cabeçalho H3',
      'Cabeçalho H4',
      'Negrito',
      'Itálico',
      'Lista com marcadores',
      'Lista numerada',
      'Citação',
      'Quebra de linha',
      'Link',
      'Imagem',
    ]);
    for (const b of buttons) {
      expect(b.querySelector('svg[aria-hidden="true"]'), b.getAttribute('aria-label')!).not.toBeNull();
      // Only words may sit beside the icon: no symbol a missing font would turn into a box.
      expect(b.textContent ?? '').toMatch(/^[\p{L} ]*$/u);
    }
  });

  it('opens existing HTML and reports nothing until the user edits', () => {
    const { box, onChange } = setup('<p>Um<br>Dois</p><p>Três</p>');
    expect(box.innerHTML).toContain('Três');
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each([
    ['Cabeçalho H2', '<h2>Texto</h2>'],
    ['Cabeçalho H3', '<h3>Texto</h3>'],
    ['Cabeçalho H4', '<h4>Texto</h4>'],
    ['Negrito', '<p><strong>Texto</strong></p>'],
    ['Itálico', '<p><em>Texto</em></p>'],
    ['Lista com marcadores', '<ul><li><p>Texto</p></li></ul>'],
    ['Lista numerada', '<ol><li><p>Texto</p></li></ol>'],
    ['Citação', '<blockquote><p>Texto</p></blockquote>'],
  ])('toolbar "%s" gives %s', async (button, html) => {
    const { box, last, selectAll } = setup('<p>Texto</p>');
    selectAll();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(last()).toBe(html);
    expectAllowlisted(last());
    act(() => void box.editor.commands.setTextSelection(3)); // the caret inside "Texto"
    await waitFor(() => expect(screen.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('"Parágrafo" turns a heading back into a paragraph; "Quebra de linha" inserts <br>', async () => {
    const { last, selectAll } = setup('<h2>Texto</h2>');
    selectAll();
    await userEvent.click(screen.getByRole('button', { name: 'Parágrafo' }));
    expect(last()).toBe('<p>Texto</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Quebra de linha' }));
    expect(last()).toBe('<p><br></p>');
  });

  it('links: only full http(s) URLs, optionally in a new tab; can be removed', async () => {
    const { last, selectAll } = setup('<p>Prefeitura</p>');
    selectAll();
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const url = screen.getByLabelText('Endereço do link');
    await userEvent.type(url, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar link' }));
    expect(screen.getByText('Informe uma URL completa (https://...)')).toBeInTheDocument();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://www.belem.pa.gov.br/');
    await userEvent.click(screen.getByLabelText('Abrir em nova aba'));
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar link' }));
    expect(last()).toBe('<p><a target="_blank" href="https://www.belem.pa.gov.br/">Prefeitura</a></p>');
    expectAllowlisted(last());
    selectAll();
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remover link' }));
    expect(last()).toBe('<p>Prefeitura</p>');
  });

  it('Ctrl+K links the words selected on screen even when the editor has not heard of that selection yet', async () => {
    // Chromium reports a Shift+arrow selection in a later task; the link form takes the focus before it arrives.
    const { box, last } = setup('<p>Site da prefeitura</p>');
    act(() => box.focus());
    const text = box.querySelector('p')!.firstChild!;
    document.getSelection()!.setBaseAndExtent(text, 18, text, 8);
    fireEvent.keyDown(box, { key: 'k', ctrlKey: true });
    await userEvent.type(screen.getByLabelText('Endereço do link'), 'https://www.belem.pa.gov.br/');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar link' }));
    expect(last()).toBe('<p>Site da <a href="https://www.belem.pa.gov.br/">prefeitura</a></p>');
  });

  it('keyboard shortcuts: Ctrl+B and Ctrl+I', async () => {
    const { box, last, selectAll } = setup('<p>Texto</p>');
    selectAll();
    fireEvent.keyDown(box, { key: 'b', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'i', ctrlKey: true });
    expect(last()).toBe('<p><strong><em>Texto</em></strong></p>');
  });

  it('pasting from Google Docs keeps structure and drops styles, spans and the docs wrapper', async () => {
    const { box, last } = setup('');
    act(() => box.focus());
    paste(
      box,
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><h2 dir="ltr"><span style="font-size:16pt;font-weight:400">Chuvas</span></h2><p dir="ltr"><span style="font-weight:400">A </span><span style="font-weight:700">Defesa Civil</span><span style="font-style:italic"> alertou</span> <a href="https://a.gov.br/"><span style="color:#1155cc">aqui</span></a></p><ul><li dir="ltr"><p dir="ltr"><span>Guamá</span></p></li></ul></b>',
    );
    await waitFor(() =>
      expect(last()).toBe(
        '<h2>Chuvas</h2><p>A <strong>Defesa Civil</strong><em> alertou</em> <a href="https://a.gov.br/">aqui</a></p><ul><li><p>Guamá</p></li></ul>',
      ),
    );
    expectAllowlisted(last());
  });

  it('pasting from Word drops comments, Office tags and classes', async () => {
    const { box, last } = setup('');
    act(() => box.focus());
    paste(
      box,
      '<html><head><!--[if gte mso 9]><xml><o:OfficeDocumentSettings/></xml><![endif]--><style>p.MsoNormal{}</style></head><body><p class=MsoNormal>Texto <b>forte</b><o:p></o:p></p><script>x()</script></body></html>',
    );
    await waitFor(() => expect(last()).toBe('<p>Texto <strong>forte</strong></p>'));
    expectAllowlisted(last());
  });

  it('an emptied editor reports an empty body', async () => {
    const { box, last, selectAll } = setup('<p>Texto</p>');
    selectAll();
    fireEvent.keyDown(box, { key: 'Backspace' });
    await waitFor(() => expect(last()).toBe(''));
  });

  it('inline image: caption and credit first, then the upload; stored as <img src alt title>', async () => {
    const onChange = vi.fn<(html: string) => void>();
    const onRequestImage = vi.fn((insert: (src: string) => void) => insert('/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d'));
    render(<RichTextEditor label="Conteúdo" initialHtml="<p>Texto</p>" resetKey="1" onChange={onChange} onRequestImage={onRequestImage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Imagem' }));
    await userEvent.click(screen.getByRole('button', { name: 'Escolher e recortar imagem' }));
    expect(screen.getByText('Escreva a legenda: ela descreve a imagem para quem não a vê')).toBeInTheDocument();
    expect(onRequestImage).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Legenda da foto'), 'Feira do açaí');
    await userEvent.type(screen.getByLabelText('Crédito da foto (fotógrafo ou fonte)'), 'Ana Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Escolher e recortar imagem' }));
    const html = onChange.mock.calls.at(-1)?.[0] ?? '';
    // The caret was at the start: the image goes there.
    expect(html).toBe('<img src="/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d" alt="Feira do açaí" title="Foto: Ana Souza"><p>Texto</p>');
    expectAllowlisted(html);
  });

  it('without an image handler there is no image button', () => {
    setup('<p>Texto</p>');
    expect(screen.queryByRole('button', { name: 'Imagem' })).toBeNull();
  });
});
