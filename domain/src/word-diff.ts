/**
 * Inline word diff for the news history (issue #12, item 2): Myers' O(ND)
 * algorithm over words and the whitespace between them, so two versions of a
 * 100,000-character body differ in milliseconds when few words changed.
 */
export type DiffPart = { type: 'same' | 'added' | 'removed'; text: string };

/** Words and runs of whitespace, kept so the parts join back into the texts. @example tokens('a  b') // ['a', '  ', 'b'] */
export const tokens = (s: string): string[] => s.match(/\s+|[^\s]+/g) ?? [];

/** Beyond this many edits the texts are shown as replaced whole (bounds time and memory). */
const MAX_EDITS = 1000;

/**
 * The parts of `after` and `before` in reading order: unchanged, removed
 * (only in `before`) and added (only in `after`); neighbouring parts of one
 * type are merged. Joining same+removed gives `before`; same+added gives `after`.
 * @example wordDiff('o prefeito disse', 'o governador disse')
 * // [{ type: 'same', text: 'o ' }, { type: 'removed', text: 'prefeito' }, { type: 'added', text: 'governador' }, { type: 'same', text: ' disse' }]
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  // Common head and tail are cheap and usually most of a story.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out: DiffPart[] = [];
  const push = (type: DiffPart['type'], text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.type === type) last.text += text;
    else out.push({ type, text });
  };
  push('same', a.slice(0, head).join(''));
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  for (const [type, tok] of middle(midA, midB)) push(type, tok);
  push('same', a.slice(a.length - tail).join(''));
  return out;
}

/** Myers' greedy forward search with the trace kept for the backtrack. */
function middle(a: string[], b: string[]): Array<[DiffPart['type'], string]> {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((t) => ['added', t]);
  if (m === 0) return a.map((t) => ['removed', t]);
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
    if (found >= 0) break;
  }
  if (found < 0) return [...a.map((t): [DiffPart['type'], string] => ['removed', t]), ...b.map((t): [DiffPart['type'], string] => ['added', t])];
  // Backtrack from (n, m) through the saved rows.
  const parts: Array<[DiffPart['type'], string]> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const row = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && row[offset + k - 1]! < row[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = row[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      y--;
      parts.push(['same', a[--x]!]);
    }
    if (x === prevX) parts.push(['added', b[--y]!]);
    else parts.push(['removed', a[--x]!]);
  }
  while (x > 0 && y > 0) {
    y--;
    parts.push(['same', a[--x]!]);
  }
  return parts.reverse();
}

/** A diff with long unchanged stretches left out: a skipped part says how many words it stands for. */
export type CondensedPart = DiffPart | { type: 'skipped'; words: number };

/**
 * Keeps every change of a diff with `context` unchanged words on each side
 * and leaves out the rest, counted, so a one-word fix in a long story reads
 * in a few lines (issue #34). A diff without changes is returned whole.
 * @example condenseDiff(wordDiff('a b c d e f g', 'a b c d e f h'), 2)
 * // [{ type: 'skipped', words: 4 }, { type: 'same', text: 'e f ' }, { type: 'removed', text: 'g' }, { type: 'added', text: 'h' }]
 */
export function condenseDiff(parts: readonly DiffPart[], context = 12): CondensedPart[] {
  if (!parts.some((p) => p.type !== 'same')) return [...parts];
  const out: CondensedPart[] = [];
  parts.forEach((p, i) => {
    if (p.type !== 'same') {
      out.push(p);
      return;
    }
    const t = tokens(p.text);
    const words = t.flatMap((tok, j) => (/\S/.test(tok) ? [j] : []));
    const head = i === 0 ? 0 : context;
    const tail = i === parts.length - 1 ? 0 : context;
    // Leaving out fewer than a few words saves nothing.
    if (words.length <= head + tail + 3) {
      out.push(p);
      return;
    }
    const headEnd = head ? words[head - 1]! + 1 : 0;
    const tailStart = tail ? words[words.length - tail]! : t.length;
    if (headEnd) out.push({ type: 'same', text: t.slice(0, headEnd).join('') });
    out.push({ type: 'skipped', words: words.length - head - tail });
    if (tailStart < t.length) out.push({ type: 'same', text: t.slice(tailStart).join('') });
  });
  return out;
}
