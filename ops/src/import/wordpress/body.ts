/**
 * A post's content:encoded as the portal's article body: Gutenberg blocks
 * rendered (or a classic body given its paragraphs, as wpautop does on
 * display), shortcodes expanded, then the HTML reduced to the allowlist.
 */
import { autop } from './autop.ts';
import { hasBlocks, renderBlocks } from './blocks.ts';
import { reduceHtml, type ReduceContext } from './html.ts';
import { expandShortcodes, type ShortcodeContext } from './shortcodes.ts';

export type BodyContext = ReduceContext & ShortcodeContext;

/**
 * @example reduceBody('Um\n\n[embed]https://youtu.be/abc[/embed]', ctx) // '<p>Um</p><p><a href="https://youtu.be/abc">https://youtu.be/abc</a></p>'
 */
export function reduceBody(content: string, ctx: BodyContext): string {
  if (!content.trim()) return '';
  const html = hasBlocks(content) ? renderBlocks(content, ctx) : autop(content);
  return reduceHtml(expandShortcodes(html, ctx), ctx);
}
