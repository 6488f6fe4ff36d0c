/**
 * WordPress's wpautop, as far as an import needs it: classic-editor posts are
 * stored without paragraphs (a blank line is one), and WordPress adds them
 * when it shows the post. Blank line → paragraph, single newline → <br>,
 * block elements left as they are. The result is reduced afterwards
 * (html.ts), which settles any nesting this leaves loose.
 */

const BLOCK =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|iframe|script|video|audio|object|embed|noscript)';
const BEFORE_OPEN = new RegExp(`(<${BLOCK}[\\s/>])`, 'gi');
const AFTER_CLOSE = new RegExp(`(</${BLOCK}>)`, 'gi');
const STARTS_BLOCK = new RegExp(`^</?${BLOCK}[\\s/>]`, 'i');
const NEWLINE_AT_BLOCK_TAG = new RegExp(`(</?${BLOCK}[^>]*>)[ \\t]*\\n|\\n[ \\t]*(?=</?${BLOCK}[\\s/>])`, 'gi');

/**
 * Paragraphs of a classic-editor body.
 * @example autop('Um\ndois\n\nTrês') // '<p>Um<br>dois</p><p>Três</p>'
 */
export function autop(text: string): string {
  if (!text.trim()) return '';
  const pres: string[] = [];
  let t = text
    .replace(/\r\n?/g, '\n')
    // Preformatted text keeps its newlines as they are.
    .replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (m) => `<pre data-autop="${pres.push(m) - 1}"></pre>`)
    .replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n')
    .replace(BEFORE_OPEN, '\n\n$1')
    .replace(AFTER_CLOSE, '$1\n\n');
  t = t
    .split(/\n[ \t]*\n\s*/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      const lines = chunk.replace(NEWLINE_AT_BLOCK_TAG, '$1').replace(/\n/g, '<br>');
      return STARTS_BLOCK.test(chunk) ? lines : `<p>${lines}</p>`;
    })
    .join('');
  return t.replace(/<pre data-autop="(\d+)"><\/pre>/g, (_, i: string) => pres[Number(i)]!);
}
