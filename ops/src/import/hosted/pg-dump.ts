/**
 * A streaming reader of a plain-SQL `pg_dump`: the rows of the tables asked
 * for, from `COPY … FROM stdin` blocks (text format) or INSERT statements
 * (`--inserts`, `--column-inserts`, multi-row VALUES). Everything else in the
 * dump (SET, CREATE, ALTER, COMMENT, functions with dollar-quoted bodies…) is
 * stepped over with a lexer that knows where a statement ends; CREATE TABLE is
 * read only for the column order that `--inserts` leaves out.
 */
import { ImportInputError } from '../records.ts';

/** A table's columns as a COPY or INSERT names them (or its CREATE TABLE does). */
export type DumpColumns = { kind: 'columns'; table: string; columns: string[]; line: number };
/** One row: values in column order (NULL is null, everything else text). */
export type DumpRow = { kind: 'row'; table: string; columns: string[]; values: (string | null)[]; line: number };
export type DumpEvent = DumpColumns | DumpRow;

/** Lines of a text stream, without their `\n` (a `\r` before it is kept: it may be inside a string). */
export async function* splitLines(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<string> {
  let rest = '';
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      yield text.slice(start, nl);
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

// --- names --------------------------------------------------------------------

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

const unquoteIdent = (s: string) => (s.startsWith('"') ? s.slice(1, -1).replace(/""/g, '"') : s.toLowerCase());

/** `public.news`, `"public"."news"`, `news` → `public.news`. */
export function tableName(raw: string): string {
  const parts = raw.match(new RegExp(IDENT, 'g'))!.map(unquoteIdent);
  return parts.length === 1 ? `public.${parts[0]}` : parts.join('.');
}

/** Column list `(id, "position", title)` → ['id', 'position', 'title']. */
const columnList = (raw: string) => raw.split(',').map((c) => unquoteIdent(c.trim()));

// --- COPY text format -----------------------------------------------------------

const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const utf8 = new TextDecoder('utf-8');

/**
 * One field of a COPY line (Postgres text format): `\N` is NULL; `\t \n \r \\`
 * and friends; `\NNN` octal and `\xHH` are bytes of the server encoding (UTF-8).
 * @example copyField(String.raw`a\tb\\c`) // 'a\tb\\c' (a tab, one backslash)
 * @example copyField(String.raw`\303\251`) // 'é'
 */
export function copyField(raw: string): string | null {
  if (raw === '\\N') return null;
  if (!raw.includes('\\')) return raw;
  return decodeBackslashes(raw, SIMPLE_ESCAPES, false);
}

/**
 * Postgres's backslash escapes, one loop for COPY fields and E'…' literals:
 * `\NNN` octal and `\xHH` are UTF-8 bytes (decoded together), letters map
 * through `escapes`; in a literal also `''` and `\uXXXX` / `\UXXXXXXXX`.
 */
function decodeBackslashes(text: string, escapes: Record<string, string>, literal: boolean): string {
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length) out += utf8.decode(new Uint8Array(bytes));
    bytes = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (literal && c === "'" && text[i + 1] === "'") {
      flush();
      out += "'";
      i++;
      continue;
    }
    if (c !== '\\' || i === text.length - 1) {
      flush();
      out += c;
      continue;
    }
    const n = text[++i]!;
    const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3));
    const hex = n === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 1, i + 3)) : null;
    const uni = !literal ? null : n === 'u' ? /^[0-9a-fA-F]{4}/.exec(text.slice(i + 1, i + 5)) : n === 'U' ? /^[0-9a-fA-F]{8}/.exec(text.slice(i + 1, i + 9)) : null;
    if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += hex[0].length;
    } else if (uni) {
      flush();
      out += String.fromCodePoint(parseInt(uni[0], 16));
      i += uni[0].length;
    } else {
      flush();
      out += escapes[n] ?? n;
    }
  }
  flush();
  return out;
}

// --- the statement lexer ------------------------------------------------------------

type LexState = { mode: 'code' | 'single' | 'estring' | 'double' | 'dollar' | 'block'; tag: string; depth: number; escaped: boolean };

const isIdentChar = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);

/**
 * Scans one line from `from` with the lexer state carried across lines;
 * returns the index of the `;` that ends the statement, or -1.
 */
function scanLine(line: string, from: number, s: LexState): number {
  let i = from;
  while (i < line.length) {
    switch (s.mode) {
      case 'code': {
        const c = line[i]!;
        if (c === ';') return i;
        if (c === "'") {
          s.mode = (line[i - 1] === 'E' || line[i - 1] === 'e') && !isIdentChar(line[i - 2]) ? 'estring' : 'single';
        } else if (c === '"') s.mode = 'double';
        else if (c === '-' && line[i + 1] === '-') return -1;
        else if (c === '/' && line[i + 1] === '*') {
          s.mode = 'block';
          s.depth = 1;
          i++;
        } else if (c === '$' && !isIdentChar(line[i - 1])) {
          const m = /^\$([A-Za-z_][\w]*)?\$/.exec(line.slice(i, i + 64));
          if (m) {
            s.mode = 'dollar';
            s.tag = m[0];
            i += m[0].length - 1;
          }
        }
        i++;
        break;
      }
      case 'single':
      case 'double': {
        const q = s.mode === 'single' ? "'" : '"';
        const j = line.indexOf(q, i);
        if (j === -1) return -1;
        if (line[j + 1] === q) i = j + 2;
        else {
          s.mode = 'code';
          i = j + 1;
        }
        break;
      }
      case 'estring': {
        if (s.escaped) {
          s.escaped = false;
          i++;
          break;
        }
        const c = line[i]!;
        if (c === '\\') s.escaped = true;
        else if (c === "'") {
          if (line[i + 1] === "'") i++;
          else s.mode = 'code';
        }
        i++;
        break;
      }
      case 'dollar': {
        const j = line.indexOf(s.tag, i);
        if (j === -1) return -1;
        s.mode = 'code';
        i = j + s.tag.length;
        break;
      }
      case 'block': {
        const open = line.indexOf('/*', i);
        const close = line.indexOf('*/', i);
        if (close === -1 && open === -1) return -1;
        if (open !== -1 && (close === -1 || open < close)) {
          s.depth++;
          i = open + 2;
        } else {
          s.depth--;
          i = close + 2;
          if (s.depth === 0) s.mode = 'code';
        }
        break;
      }
    }
  }
  // A backslash at the end of a line escapes the newline inside E'…'.
  if (s.mode === 'estring' && s.escaped) s.escaped = false;
  return -1;
}

// --- INSERT values --------------------------------------------------------------------

const E_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The text of an E'…' literal body (backslash escapes; octal and \x are UTF-8 bytes). */
const decodeEString = (body: string): string => decodeBackslashes(body, E_ESCAPES, true);

class ValuesParser {
  i = 0;
  private lineAt = 0;
  private countedTo = 0;
  private readonly text: string;
  private readonly firstLine: number;
  private readonly file: string;
  constructor(text: string, firstLine: number, file: string) {
    this.text = text;
    this.firstLine = firstLine;
    this.file = file;
  }

  /** The dump line of offset `at` (counted forward, once). */
  line(at = this.i): number {
    for (let k = this.text.indexOf('\n', this.countedTo); k !== -1 && k < at; k = this.text.indexOf('\n', k + 1)) this.lineAt++;
    this.countedTo = Math.max(this.countedTo, at);
    return this.firstLine + this.lineAt;
  }

  fail(message: string): never {
    throw new ImportInputError(message, this.file, this.line());
  }

  skipSpace() {
    for (;;) {
      const m = /^(?:\s+|--[^\n]*)/.exec(this.text.slice(this.i, this.i + 256));
      if (!m) return;
      this.i += m[0].length;
    }
  }

  peek = () => this.text[this.i];

  /** A string literal body from an opening quote at `i`, `''` doubled. */
  private quoted(escapes: boolean): string {
    let j = this.i + 1;
    for (;;) {
      const k = this.text.indexOf("'", j);
      if (k === -1) this.fail('texto entre aspas sem fim');
      if (escapes) {
        // Inside E'…' a quote preceded by an odd run of backslashes is escaped.
        let b = 0;
        while (this.text[k - 1 - b] === '\\') b++;
        if (b % 2 === 1) {
          j = k + 1;
          continue;
        }
      }
      if (this.text[k + 1] === "'") {
        j = k + 2;
        continue;
      }
      const body = this.text.slice(this.i + 1, k);
      this.i = k + 1;
      return escapes ? decodeEString(body) : body.replace(/''/g, "'");
    }
  }

  value(): string | null {
    this.skipSpace();
    const rest = this.text.slice(this.i, this.i + 64);
    let out: string | null;
    if (rest.startsWith("'")) out = this.quoted(false);
    else if (/^[Ee]'/.test(rest)) {
      this.i++;
      out = this.quoted(true);
    } else if (rest.startsWith('$')) {
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(rest)?.[0];
      if (!tag) this.fail('valor SQL não reconhecido');
      const end = this.text.indexOf(tag, this.i + tag.length);
      if (end === -1) this.fail('texto entre cifrões sem fim');
      out = this.text.slice(this.i + tag.length, end);
      this.i = end + tag.length;
    } else {
      const m = /^(?:NULL|DEFAULT|true|false|[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)(?![\w$])/i.exec(rest);
      if (!m) this.fail(`valor SQL não reconhecido: ${rest.trim().slice(0, 12)}`);
      const word = m[0].toLowerCase();
      out = word === 'null' || word === 'default' ? null : word === 'true' || word === 'false' ? word : m[0];
      this.i += m[0].length;
    }
    this.skipSpace();
    // A cast (`'{}'::jsonb`, `'…'::timestamp with time zone`) does not change the text.
    if (this.text.startsWith('::', this.i)) {
      let depth = 0;
      for (this.i += 2; this.i < this.text.length; this.i++) {
        const c = this.text[this.i];
        if (c === '(') depth++;
        else if (c === ')' && depth-- === 0) break;
        else if (c === ',' && depth === 0) break;
      }
    }
    return out;
  }

  /** `(v, v, …)` → values, and the line where the tuple starts. */
  tuple(): { values: (string | null)[]; line: number } {
    this.skipSpace();
    if (this.peek() !== '(') this.fail('esperava "(" em VALUES');
    const line = this.line();
    this.i++;
    const values: (string | null)[] = [];
    for (;;) {
      values.push(this.value());
      this.skipSpace();
      const c = this.peek();
      this.i++;
      if (c === ')') return { values, line };
      if (c !== ',') this.fail('esperava "," ou ")" entre os valores');
    }
  }
}

// --- the dump ---------------------------------------------------------------------------

const COPY_RE = new RegExp(String.raw`^COPY\s+(${QUALIFIED})\s*(?:\(([^)]*)\))?\s*FROM\s+stdin`, 'i');
const INSERT_RE = new RegExp(String.raw`^INSERT\s+INTO\s+(${QUALIFIED})\s*(?:\(([^)]*)\))?\s*(?:OVERRIDING\s+(?:SYSTEM|USER)\s+VALUE\s+)?VALUES\s*`, 'i');
const CREATE_RE = new RegExp(String.raw`^CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(${QUALIFIED})\s*\(`, 'i');
const NOT_A_COLUMN = /^(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN|EXCLUDE|LIKE)\b/i;

/** Column names of a CREATE TABLE body (from just after its opening parenthesis). */
function createTableColumns(body: string): string[] {
  const columns: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = '';
  const take = (end: number) => {
    const item = body.slice(start, end).trim();
    const name = new RegExp(`^${IDENT}`).exec(item)?.[0];
    if (item && name && !NOT_A_COLUMN.test(item)) columns.push(unquoteIdent(name));
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) {
        take(i);
        break;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      take(i);
      start = i + 1;
    }
  }
  return columns;
}

/**
 * The rows of the tables `wanted` accepts (names like `public.news`), in dump
 * order, each table's columns announced before its rows. Throws an
 * ImportInputError (file and line) on a truncated COPY block, a row with the
 * wrong number of fields, or an unreadable INSERT.
 */
export async function* readDump(lines: AsyncIterable<string>, file: string, wanted: (table: string) => boolean): AsyncGenerator<DumpEvent> {
  const created = new Map<string, string[]>();
  const lex: LexState = { mode: 'code', tag: '', depth: 0, escaped: false };
  let parts: string[] = [];
  let startLine = 0;
  let lineNo = 0;
  type Copy = { table: string; columns: string[]; line: number; keep: boolean };
  let copy: Copy | null = null;
  // `statement` opens a COPY block from inside: read the variable through a call so the
  // type checker does not keep its narrowing to null across it.
  const copying = (): Copy | null => copy;

  async function* statement(text: string, line: number): AsyncGenerator<DumpEvent> {
    const head = text.slice(0, 600);
    let m = COPY_RE.exec(head);
    if (m) {
      const table = tableName(m[1]!);
      const columns = m[2] !== undefined ? columnList(m[2]) : created.get(table);
      if (!columns) throw new ImportInputError(`COPY de ${table} sem lista de colunas e sem CREATE TABLE antes`, file, line);
      copy = { table, columns, line, keep: wanted(table) };
      if (copy.keep) yield { kind: 'columns', table, columns, line };
      return;
    }
    m = INSERT_RE.exec(head);
    if (m) {
      const table = tableName(m[1]!);
      if (!wanted(table)) return;
      const columns = m[2] !== undefined ? columnList(m[2]) : created.get(table);
      if (!columns) throw new ImportInputError(`INSERT em ${table} sem lista de colunas e sem CREATE TABLE antes`, file, line);
      yield { kind: 'columns', table, columns, line };
      const p = new ValuesParser(text, line, file);
      p.i = m[0].length;
      for (;;) {
        const { values, line: rowLine } = p.tuple();
        if (values.length !== columns.length) throw new ImportInputError(`a linha tem ${values.length} valores e ${table} tem ${columns.length} colunas`, file, rowLine);
        yield { kind: 'row', table, columns, values, line: rowLine };
        p.skipSpace();
        if (p.peek() !== ',') break;
        p.i++;
      }
      p.skipSpace();
      if (p.i < text.length) p.fail('texto inesperado depois de VALUES');
      return;
    }
    m = CREATE_RE.exec(head);
    if (m) created.set(tableName(m[1]!), createTableColumns(text.slice(m[0].length)));
  }

  for await (const raw of lines) {
    lineNo++;
    const block = copying();
    if (block) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line === '\\.') {
        copy = null;
        continue;
      }
      if (!block.keep) continue;
      const fields = line.split('\t');
      if (fields.length !== block.columns.length) {
        throw new ImportInputError(`a linha tem ${fields.length} campos e o COPY de ${block.table} tem ${block.columns.length} colunas`, file, lineNo);
      }
      yield { kind: 'row', table: block.table, columns: block.columns, values: fields.map(copyField), line: lineNo };
      continue;
    }
    let from = 0;
    while (from <= raw.length) {
      if (!parts.length && lex.mode === 'code') {
        // A statement starts at its first character that is not space or comment.
        const lead = /^\s*/.exec(raw.slice(from))![0].length;
        if (from + lead >= raw.length) break;
        if (raw.startsWith('--', from + lead)) break;
        from += lead;
        startLine = lineNo;
      }
      const end = scanLine(raw, from, lex);
      if (end === -1) {
        parts.push(raw.slice(from));
        break;
      }
      parts.push(raw.slice(from, end));
      const text = parts.join('\n').trimStart();
      parts = [];
      yield* statement(text, startLine);
      from = end + 1;
      if (copying()) break; // the data starts on the next line
    }
  }
  const open = copying();
  if (open) {
    const { table, line } = open;
    throw new ImportInputError(`o bloco COPY de ${table} não termina (falta a linha "\\."): o arquivo parece cortado`, file, line);
  }
  if (parts.join('').trim()) {
    throw new ImportInputError('o arquivo termina no meio de uma instrução SQL: parece cortado', file, startLine);
  }
}
