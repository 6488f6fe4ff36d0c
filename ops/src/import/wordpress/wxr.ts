/**
 * A WordPress WXR export (format 1.1/1.2) read as a stream (issue #27): each
 * child of `<channel>` (site fields, authors, terms, items) is built as a
 * small element tree when it closes and handed out, so a 100,000-post export
 * never sits in memory. Namespaces are matched by URI, not by prefix (an
 * export may bind `wp` to `…/export/1.1/` or name it otherwise).
 */
import { createReadStream } from 'node:fs';
import { decode as decodeEntities } from 'he';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportInputError } from '../records.ts';

/** An element of the export: a name with its canonical prefix (`wp:post_id`, `content:encoded`), attributes, children, text. */
export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string; line: number };

const CANONICAL: Array<[RegExp, string]> = [
  [/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/?$/, 'excerpt'],
  [/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/?$/, 'wp'],
  [/^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/?$/, 'content'],
  [/^https?:\/\/purl\.org\/dc\/elements\/1\.1\/?$/, 'dc'],
  [/^https?:\/\/wellformedweb\.org\/CommentAPI\/?$/, 'wfw'],
];

const prefixCache = new Map<string, string>();
function canonicalName(tag: SaxesTagNS): string {
  if (!tag.uri) return tag.local;
  let prefix = prefixCache.get(tag.uri);
  if (prefix === undefined) {
    prefix = CANONICAL.find(([re]) => re.test(tag.uri))?.[1] ?? tag.prefix ?? tag.uri;
    prefixCache.set(tag.uri, prefix);
  }
  return `${prefix}:${tag.local}`;
}

/** Older exports carry HTML named entities (`&nbsp;`, `&hellip;`) that XML does not define: they are read as HTML reads them. */
function htmlEntities(xml: Record<string, string>): Record<string, string> {
  return new Proxy(xml, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      if (name in target) return target[name];
      const decoded = decodeEntities(`&${name};`);
      return decoded === `&${name};` ? undefined : decoded;
    },
  });
}

/** Control characters XML forbids (a stray vertical tab pasted into a post): dropped, as they carry no text. */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** saxes's English reasons, said in pt-BR for the newsroom. */
function reason(message: string): string {
  const m = message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
  const unclosed = /^unclosed tag: (.+)$/.exec(m);
  if (unclosed) return `o arquivo termina com <${unclosed[1]}> aberto (exportação cortada?)`;
  if (/unexpected end/.test(m)) return 'o arquivo termina no meio de um elemento (exportação cortada?)';
  const unmatched = /^unmatched closing tag: (.+)\.$/.exec(m);
  if (unmatched) return `fechamento </${unmatched[1]}> sem abertura`;
  if (/must contain a root element/.test(m)) return 'arquivo vazio ou sem elemento raiz';
  if (/undefined entity/.test(m)) return 'entidade desconhecida (um & sem escape fora de CDATA)';
  if (/unbound namespace prefix/.test(m)) return `prefixo de namespace não declarado (${m})`;
  return m;
}

/**
 * The children of `<channel>`, each when it closes, in file order.
 * @throws ImportInputError for a missing, truncated or malformed file (with its line).
 */
export async function* readChannel(file: string): AsyncGenerator<XmlNode> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.ENTITIES = htmlEntities(parser.ENTITIES);
  const done: XmlNode[] = [];
  const stack: XmlNode[] = [];
  let depth = 0;
  let sawRoot = false;
  const fail = (message: string, line: number | null = parser.line): never => {
    throw new ImportInputError(`XML incompleto ou inválido: ${message}`, file, line);
  };
  parser.on('error', (e) => {
    const open = stack[0];
    // A cut export fails at its last line: where the unfinished entry began helps more.
    const where = open && /unclosed tag|unexpected end/.test(e.message) ? `; o último <${open.name}> começa na linha ${open.line}` : '';
    fail(reason(e.message) + where);
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) {
      sawRoot = true;
      if (tag.local !== 'rss') fail(`a raiz é <${tag.name}>, não <rss> (não parece uma exportação do WordPress)`);
    } else if (depth === 2) {
      if (tag.local !== 'channel') fail(`esperado <channel> dentro de <rss>, encontrado <${tag.name}>`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of Object.values(tag.attributes)) attrs[a.local] = a.value;
      const node: XmlNode = { name: canonicalName(tag), attrs, children: [], text: '', line: parser.line };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    }
  });
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (depth >= 3) {
      const node = stack.pop()!;
      if (depth === 3) done.push(node);
    }
    depth--;
  });

  let first = true;
  try {
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
      let text = chunk as string;
      if (first) {
        text = text.replace(/^\uFEFF/, '');
        first = false;
      }
      parser.write(text.replace(FORBIDDEN, ''));
      while (done.length) yield done.shift()!;
    }
  } catch (e) {
    if (e instanceof ImportInputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ImportInputError('arquivo não encontrado', file, null);
    if (code === 'EISDIR') throw new ImportInputError('é uma pasta, não o arquivo XML da exportação', file, null);
    throw e;
  }
  parser.close();
  while (done.length) yield done.shift()!;
  if (!sawRoot) fail('arquivo vazio', null);
}

/** The first child named `name`. */
export const child = (node: XmlNode, name: string): XmlNode | undefined => node.children.find((c) => c.name === name);
/** The text of the first child named `name` ('' when absent). */
export const text = (node: XmlNode, name: string): string => child(node, name)?.text ?? '';
/** Text written for people (titles, names): XML-decoded by the parser, then HTML entities WordPress stored (`&#8220;`, `&amp;`). */
export const decoded = (s: string): string => decodeEntities(s).trim();

export type WxrAuthor = { id: string; login: string; email: string; display_name: string; first_name: string; last_name: string; line: number };
export type WxrCategory = { term_id: string; nicename: string; parent: string; name: string; description: string; line: number };
export type WxrItemCategory = { domain: string; nicename: string; name: string };
export type WxrItem = {
  title: string;
  link: string;
  creator: string;
  guid: string;
  content: string;
  excerpt: string;
  post_id: string;
  post_date: string;
  post_date_gmt: string;
  post_name: string;
  status: string;
  post_parent: string;
  post_type: string;
  post_password: string;
  is_sticky: boolean;
  attachment_url: string;
  categories: WxrItemCategory[];
  meta: Map<string, string>;
  line: number;
};

export type WxrEntry =
  | { kind: 'site'; field: string; value: string; line: number }
  | { kind: 'author'; author: WxrAuthor }
  | { kind: 'category'; category: WxrCategory }
  | { kind: 'item'; item: WxrItem }
  | { kind: 'other'; name: string; line: number };

export function toAuthor(n: XmlNode): WxrAuthor {
  return {
    id: text(n, 'wp:author_id').trim(),
    login: text(n, 'wp:author_login').trim(),
    email: text(n, 'wp:author_email').trim(),
    display_name: decoded(text(n, 'wp:author_display_name')),
    first_name: decoded(text(n, 'wp:author_first_name')),
    last_name: decoded(text(n, 'wp:author_last_name')),
    line: n.line,
  };
}

export function toCategory(n: XmlNode): WxrCategory {
  return {
    term_id: text(n, 'wp:term_id').trim(),
    nicename: text(n, 'wp:category_nicename').trim(),
    parent: text(n, 'wp:category_parent').trim(),
    name: decoded(text(n, 'wp:cat_name')),
    description: decoded(text(n, 'wp:category_description')),
    line: n.line,
  };
}

export function toItem(n: XmlNode): WxrItem {
  const meta = new Map<string, string>();
  const categories: WxrItemCategory[] = [];
  for (const c of n.children) {
    if (c.name === 'wp:postmeta') meta.set(text(c, 'wp:meta_key').trim(), text(c, 'wp:meta_value'));
    else if (c.name === 'category') categories.push({ domain: c.attrs.domain ?? '', nicename: c.attrs.nicename ?? '', name: decoded(c.text) });
  }
  const t = (name: string) => text(n, name).trim();
  return {
    title: decoded(text(n, 'title')),
    link: t('link'),
    creator: t('dc:creator'),
    guid: t('guid'),
    content: text(n, 'content:encoded'),
    excerpt: text(n, 'excerpt:encoded'),
    post_id: t('wp:post_id'),
    post_date: t('wp:post_date'),
    post_date_gmt: t('wp:post_date_gmt'),
    post_name: t('wp:post_name'),
    status: t('wp:status'),
    post_parent: t('wp:post_parent'),
    post_type: t('wp:post_type'),
    post_password: text(n, 'wp:post_password'),
    is_sticky: t('wp:is_sticky') === '1',
    attachment_url: t('wp:attachment_url'),
    categories,
    meta,
    line: n.line,
  };
}

/** The export's entries, typed, in file order. */
export async function* readWxr(file: string): AsyncGenerator<WxrEntry> {
  for await (const n of readChannel(file)) {
    if (n.name === 'item') yield { kind: 'item', item: toItem(n) };
    else if (n.name === 'wp:author') yield { kind: 'author', author: toAuthor(n) };
    else if (n.name === 'wp:category') yield { kind: 'category', category: toCategory(n) };
    else if (n.children.length === 0) yield { kind: 'site', field: n.name, value: n.text.trim(), line: n.line };
    else yield { kind: 'other', name: n.name, line: n.line };
  }
}
