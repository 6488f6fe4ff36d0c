/**
 * The Portuguese readers and staff see (issue #34, item 11): a guard over the
 * texts built into the site, the admin, the domain's messages and the seed.
 * It reads the sources — string literals, JSX/HTML text and, in .astro
 * templates, the line breaks Astro's HTML compression removes — and fails on:
 * - a letter glued to a number or a number to a word ("e10 TOPs", "em7 dias");
 *   in an .astro template, a text line ending in a word right before a line that
 *   starts with an expression or an inline element renders glued ("e\n{n}" → "e10",
 *   "para\n<a>" → "para<a>"): break the line before the last word instead;
 * - a doubled prefix ("Foto: Foto: …"), or a credit prefixed by hand instead of
 *   through domain/engagement photoCredit (which keeps one "Foto:");
 * - "TOPS" (one TOP, many TOPs: domain/engagement topCount);
 * - English UI words as visible admin text ("Loading...", "Views", "Save"…).
 * Decision 056.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['site/src', 'admin/src', 'domain/src', 'directus/seed', 'directus/email-templates'];

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
    return /\.(ts|tsx|astro|liquid|html)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const files = SOURCES.flatMap((d) => walk(path.join(ROOT, d))).map((f) => ({ file: path.relative(ROOT, f), text: fs.readFileSync(f, 'utf8') }));

type Text = { file: string; line: number; text: string };

const lineOf = (src: string, index: number) => src.slice(0, index).split('\n').length;
/** Comments are not shown to anyone. */
const stripComments = (src: string) =>
  src.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (m, pre: string) => pre + ' '.repeat(m.length - pre.length));

/** String literals and text between tags, with `${…}` and `{…}` read as a number (what they usually print). */
export function visibleTexts(file: string, src: string): Text[] {
  const code = stripComments(src.replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' ')));
  const out: Text[] = [];
  const push = (index: number, text: string) => {
    const t = text
      .replace(/\{\s*(['"])\s\1\s*\}/g, ' ')
      .replace(/\$\{[^}]*\}/g, '7').replace(/\{[^{}]*\}/g, '7').replace(/\s+/g, ' ').trim();
    if (t) out.push({ file, line: lineOf(code, index), text: t });
  };
  for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) push(m.index, m[1] ?? m[2] ?? m[3] ?? '');
  if (/\.(tsx|astro|html|liquid)$/.test(file)) for (const m of code.matchAll(/>([^<>]+)</g)) push(m.index, m[1]!);
  return out;
}

/** Words with a number in them that are not glued text. */
const ALLOWED_GLUED = /^(h[1-6]|mp[34]|utf8|sha1|sha256|md5|ipv[46]|e2e|w\d+h\d+|v\d+|\d+(px|rem|em|ms|fr|vh|vw|xl|kb|mb|gb)|\d+(st|nd|rd|th))$/i;
/** A token of prose (punctuation trimmed) that glues a word to a number or a number to a word. */
const gluedToken = (token: string) => /^(\p{L}+\d+|\d+\p{L}{3,})$/u.test(token) && !ALLOWED_GLUED.test(token);

export function gluedWords(t: Text): string[] {
  // Prose only: code-like strings (paths, classes, ids, identifiers) have no space-separated pt-BR words.
  if (!/\s/.test(t.text) || /[/_=]|\w-\w/.test(t.text.replace(/https?:\S+/g, ''))) return [];
  if (/^[MmLlHhVvCcSsQqTtAaZz\d\s.,-]+$/.test(t.text)) return []; // SVG path data
  return t.text
    .split(/\s+/)
    .map((w) => w.replace(/^[("'«“]+|[)"'»”.,;:!?…]+$/gu, ''))
    .filter(gluedToken);
}

/** In an .astro template, line pairs Astro's compressed HTML glues together. */
export function astroLineGlue(file: string, src: string): Text[] {
  if (!file.endsWith('.astro')) return [];
  const parts = src.split(/^---$/m);
  const template = parts.length >= 3 ? parts.slice(2).join('---') : src;
  const offset = src.length - template.length;
  const lines = template.split('\n');
  const out: Text[] = [];
  const startLine = lineOf(src, offset);
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = lines[i]!.trimEnd();
    const b = lines[i + 1]!.trim();
    const text = a.trim();
    // `a` is a line of text (not a tag, an attribute, an expression or script), ending in a word.
    if (!text || /^[<}/]|^\{.*[})]$|^[\w-]+=|^(import|const|let|export|if|for|return)\b/.test(text) || /[>{}]$/.test(text)) continue;
    if (/[\p{L}\d]$/u.test(text) && /^(\{|<(a|strong|em|b|i|span|code|time|abbr)\b)/.test(b)) out.push({ file, line: startLine + i, text: `${text.slice(-30)} ⏎ ${b.slice(0, 30)}` });
  }
  return out;
}

/** English words that must not be the admin's visible text (a whole text or a button/label word). */
const ENGLISH_UI = /^(Loading\.*|Performance|Views?|Submit|Cancel|Save|Delete|Edit|Search|Close|Back|Next|Previous|Settings|Reports|Users|Logout|Log out|Login|Sign in|Sign out|Upload|Remove|Add|Update|Reactivate|Resend invite|Error|Success|Total Views|Views per \w+)$/;
const ENGLISH_IN_TEXT = /\b(Loading\.\.\.|Total de Views|Views por)\b/;

describe('pt-BR texts (issue #34, item 11)', () => {
  const texts = files.flatMap((f) => visibleTexts(f.file, f.text));
  const where = (t: Text) => `${t.file}:${t.line}: ${t.text.slice(0, 80)}`;

  it('scans the site, the admin, the domain and the seed', () => {
    for (const dir of ['site/src', 'admin/src', 'domain/src', 'directus/seed']) expect(files.some((f) => f.file.startsWith(dir))).toBe(true);
    expect(texts.length).toBeGreaterThan(1000);
  });

  it('no letter glued to a number, nor a number glued to a word', () => {
    const glued = texts.flatMap((t) => gluedWords(t).map((w) => `${where(t)} → "${w}"`));
    const lines = files.flatMap((f) => astroLineGlue(f.file, f.text)).map((t) => `${t.file}:${t.line}: ${t.text}`);
    expect([...glued, ...lines]).toEqual([]);
  });

  it('no doubled prefix, and photo credits go through photoCredit', () => {
    const doubled = texts.filter((t) => /(?<![\p{L}])(\p{L}{3,}):\s*\1:/iu.test(t.text)).map(where);
    const handMade = files
      .filter((f) => f.file !== 'domain/src/engagement.ts')
      .flatMap((f) => [...stripComments(f.text).matchAll(/Foto:\s*\$\{/g)].map((m) => `${f.file}:${lineOf(f.text, m.index)}`));
    expect([...doubled, ...handMade]).toEqual([]);
  });

  it('"TOPs", never "TOPS"', () => {
    expect(texts.filter((t) => /\bTOPS\b/.test(t.text)).map(where)).toEqual([]);
  });

  it('no English UI words in the admin', () => {
    const admin = texts.filter((t) => t.file.startsWith('admin/src') && (ENGLISH_UI.test(t.text) || ENGLISH_IN_TEXT.test(t.text)));
    expect(admin.map(where)).toEqual([]);
  });

  it('the checks catch the old texts', () => {
    const t = (text: string): Text => ({ file: 'x.tsx', line: 1, text });
    expect(gluedWords(t('de uma mesma notícia e10 TOPs por minuto'))).toEqual(['e10']);
    expect(gluedWords(t('Pedidos apagados em7 dias'))).toEqual(['em7']);
    expect(gluedWords(t('às 10h30, na BR-316 com 4 pessoas'))).toEqual([]);
    expect(astroLineGlue('p.astro', '---\n---\n<p>\n  notícia e\n  {n} TOPs; escreva para\n  <a href="x">x</a>\n</p>').map((x) => x.line)).toEqual([4, 5]);
    expect(astroLineGlue('p.astro', '---\n---\n<p>\n  notícia\n  e {n} TOPs; escreva\n  para <a href="x">x</a>\n</p>')).toEqual([]);
    expect(visibleTexts('x.tsx', 'const a = <p>Loading...</p>;').some((x) => ENGLISH_UI.test(x.text))).toBe(true);
    expect(visibleTexts('x.ts', 'const c = `${n} TOPS`;').some((x) => /\bTOPS\b/.test(x.text))).toBe(true);
    expect(/(?<![\p{L}])(\p{L}{3,}):\s*\1:/iu.test('Foto: Foto: Ana')).toBe(true);
  });
});
