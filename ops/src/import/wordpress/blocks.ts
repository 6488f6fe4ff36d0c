/**
 * Gutenberg bodies (issue #27): the block comments read with WordPress's own
 * parser, each block rendered to the static HTML it saved, with the few that
 * need a hand: an embed becomes a link paragraph (the portal turns a lone
 * YouTube/X/Instagram link into its embed), a gallery its images, separators
 * and spacers nothing. The HTML is reduced to the allowlist afterwards.
 */
import { parse } from '@wordpress/block-serialization-default-parser';
import { autop } from './autop.ts';

type Block = ReturnType<typeof parse>[number];

export type BlocksContext = { warn(message: string): void };

/** Whether a body was written in the block editor. */
export const hasBlocks = (content: string): boolean => content.includes('<!-- wp:');

/** Blocks with nothing to carry (layout only, or WordPress's page breaks). */
const NOTHING = new Set(['core/separator', 'core/spacer', 'core/more', 'core/nextpage']);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FIGCAPTION = /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i;

function staticHtml(block: Block, ctx: BlocksContext): string {
  let k = 0;
  return block.innerContent.map((part) => (part === null ? render(block.innerBlocks[k++]!, ctx) : part)).join('');
}

function render(block: Block, ctx: BlocksContext): string {
  const name = block.blockName;
  if (name === null || name === 'core/freeform') {
    // Classic HTML between blocks (or a Classic block): WordPress stored it without paragraphs.
    return block.innerHTML.trim() ? autop(block.innerHTML) : '';
  }
  if (NOTHING.has(name)) return '';
  const attrs = (block.attrs ?? {}) as Record<string, unknown>;
  if (name === 'core/embed' || name.startsWith('core-embed/')) {
    const url = typeof attrs.url === 'string' ? attrs.url.trim() : '';
    if (!url) return staticHtml(block, ctx);
    const caption = FIGCAPTION.exec(block.innerHTML)?.[1];
    return `<p><a href="${esc(url)}">${esc(url)}</a></p>${caption?.trim() ? `<figcaption>${caption}</figcaption>` : ''}`;
  }
  if (name === 'core/gallery') {
    // The 5.x gallery wraps each figure in ul > li: the images are what the story keeps.
    return staticHtml(block, ctx).replace(/<\/?(?:ul|li)\b[^>]*>/gi, '');
  }
  if (name === 'core/block') {
    ctx.warn(`Bloco reutilizável (wp_block ${String(attrs.ref ?? '?')}) não foi trazido: o conteúdo dele fica fora do post`);
    return '';
  }
  if (name === 'core/html' || name === 'core/shortcode') return block.innerHTML;
  if (!block.innerBlocks.length && !block.innerHTML.trim()) {
    // A dynamic block: WordPress draws it on each visit (latest posts, a form); the post holds no text of it.
    ctx.warn(`Bloco "${name}" é montado pelo WordPress a cada visita (não há texto dele no post): omitido`);
    return '';
  }
  return staticHtml(block, ctx);
}

/**
 * The HTML a block-editor body shows (before the allowlist).
 * @example renderBlocks('<!-- wp:paragraph --><p>Oi</p><!-- /wp:paragraph --><!-- wp:separator /-->', ctx) // '<p>Oi</p>'
 */
export function renderBlocks(content: string, ctx: BlocksContext): string {
  return parse(content)
    .map((b) => render(b, ctx))
    .join('');
}
