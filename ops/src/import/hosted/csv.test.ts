import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../records.ts';
import { parseCsv, type CsvRecord } from './csv.ts';

async function records(text: string, size = 5): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of parseCsv(text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [], 'news.csv')) out.push(r);
  return out;
}

describe('the CSV reader', () => {
  it('reads quoted fields with commas, quotes and newlines, with the line each record starts on', async () => {
    const text = 'id,title,content\n1,"Belém, PA","diz ""oi""\nsegunda linha"\n2,Simples,x\n';
    for (const size of [1, 3, 1000]) {
      expect(await records(text, size)).toEqual([
        { fields: ['id', 'title', 'content'], line: 1 },
        { fields: ['1', 'Belém, PA', 'diz "oi"\nsegunda linha'], line: 2 },
        { fields: ['2', 'Simples', 'x'], line: 4 },
      ]);
    }
  });

  it('an empty field is NULL, a quoted empty one is the empty text', async () => {
    expect((await records('a,b,c\n,"",\n'))[1]!.fields).toEqual([null, '', null]);
  });

  it('reads CRLF line ends, a byte-order mark and a last line without a newline', async () => {
    expect(await records('\uFEFFa,b\r\n1,"x\r\ny"\r\n\r\n2,z')).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['1', 'x\r\ny'], line: 2 },
      { fields: ['2', 'z'], line: 5 },
    ]);
  });

  it('a quote never closed is an error at the line that opened it', async () => {
    const err = await records('a,b\n1,x\n2,"cortado\ne mais\n').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportInputError);
    expect((err as ImportInputError).message).toBe('news.csv, linha 3: aspas abertas e nunca fechadas: o arquivo parece cortado');
  });

  it('text after a closing quote is an error at its line', async () => {
    const err = await records('a,b\n1,"x"y\n').catch((e: unknown) => e);
    expect((err as ImportInputError).line).toBe(2);
  });
});
