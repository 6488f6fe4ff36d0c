/**
 * A streaming RFC 4180 reader for the dashboard's CSV exports. Written here
 * rather than taken from csv-parse because the report needs the line where
 * each record STARTS (a story's body spans many lines) and an unclosed quote
 * must be reported at the line that opened it; csv-parse gives the line where
 * a record or the file ends. An unquoted empty field is NULL, a quoted one
 * (`""`) is the empty text, as in Postgres's own CSV.
 */
import { ImportInputError } from '../records.ts';

export type CsvRecord = { fields: (string | null)[]; line: number };

/** The fields of one complete record's text (its quotes balanced). */
function splitRecord(s: string, file: string, line: number): (string | null)[] {
  const fields: (string | null)[] = [];
  let i = 0;
  for (;;) {
    if (s[i] === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        const k = s.indexOf('"', j);
        value += s.slice(j, k);
        if (s[k + 1] === '"') {
          value += '"';
          j = k + 2;
        } else {
          i = k + 1;
          break;
        }
      }
      fields.push(value);
      if (i === s.length) return fields;
      if (s[i] !== ',') {
        const at = line + (s.slice(0, i).match(/\n/g)?.length ?? 0);
        throw new ImportInputError('texto depois das aspas que fecham um campo (aspas mal formadas)', file, at);
      }
      i++;
    } else {
      const k = s.indexOf(',', i);
      const cell = s.slice(i, k === -1 ? undefined : k);
      fields.push(cell === '' ? null : cell);
      if (k === -1) return fields;
      i = k + 1;
    }
    if (i === s.length) {
      fields.push(null);
      return fields;
    }
  }
}

/**
 * Records of a CSV text stream with the line each starts on; blank lines are
 * skipped. Throws an ImportInputError naming the line of a quote never closed.
 * @example for await (const r of parseCsv(['a,b\n"x\ny",\n'], 'f.csv')) … // {fields:['a','b'],line:1}, {fields:['x\ny',null],line:2}
 */
export async function* parseCsv(chunks: AsyncIterable<string | Buffer> | Iterable<string>, file: string): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8');
  let buf = '';
  let pos = 0; // scanned up to here
  let recStart = 0;
  let recLine = 1;
  let line = 1; // the line at `pos`
  let inQuote = false;
  let quoteLine = 0;
  const finish = (end: number): CsvRecord | null => {
    let text = buf.slice(recStart, end);
    if (text.endsWith('\r')) text = text.slice(0, -1);
    const rec = text === '' ? null : { fields: splitRecord(text, file, recLine), line: recLine };
    return rec;
  };
  let first = true;
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a spreadsheet's byte-order mark
    first = false;
    buf = buf.slice(recStart) + text;
    pos -= recStart;
    recStart = 0;
    const re = /["\n]/g;
    re.lastIndex = pos;
    for (let m = re.exec(buf); m; m = re.exec(buf)) {
      if (m[0] === '"') {
        inQuote = !inQuote;
        if (inQuote) quoteLine = line;
        continue;
      }
      line++;
      if (inQuote) continue;
      const rec = finish(m.index);
      if (rec) yield rec;
      recStart = m.index + 1;
      recLine = line;
    }
    pos = buf.length;
  }
  buf += decoder.decode();
  if (inQuote) throw new ImportInputError('aspas abertas e nunca fechadas: o arquivo parece cortado', file, quoteLine);
  const rec = finish(buf.length);
  if (rec) yield rec;
}
