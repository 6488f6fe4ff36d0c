import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../records.ts';
import { copyField, readDump, splitLines, tableName, type DumpEvent } from './pg-dump.ts';

async function events(sql: string, wanted = (t: string) => t.startsWith('public.')): Promise<DumpEvent[]> {
  const out: DumpEvent[] = [];
  // Small chunks: a line and a statement cut across chunks must not matter.
  const chunks = sql.match(/[\s\S]{1,7}/g) ?? [];
  for await (const ev of readDump(splitLines((async function* () { yield* chunks; })()), 'dump.sql', wanted)) out.push(ev);
  return out;
}
const rows = (evs: DumpEvent[]) => evs.flatMap((e) => (e.kind === 'row' ? [{ table: e.table, values: e.values, line: e.line }] : []));

async function failure(sql: string): Promise<ImportInputError> {
  try {
    await events(sql);
  } catch (e) {
    if (e instanceof ImportInputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('COPY text format fields', () => {
  it('\\N is NULL, and an empty field is the empty text', () => {
    expect(copyField('\\N')).toBeNull();
    expect(copyField('')).toBe('');
  });
  it('decodes tab, newline, carriage return and backslash', () => {
    expect(copyField(String.raw`a\tb\nc\rd\\e`)).toBe('a\tb\nc\rd\\e');
  });
  it('octal and \\x escapes are UTF-8 bytes', () => {
    expect(copyField(String.raw`Bel\303\251m`)).toBe('Belém');
    expect(copyField(String.raw`Bel\xc3\xa9m \x41`)).toBe('Belém A');
  });
  it('an unknown escape is the character itself', () => {
    expect(copyField(String.raw`\q\N`)).toBe('qN');
  });
});

describe('table names', () => {
  it('qualifies a bare name with public and unquotes', () => {
    expect(tableName('news')).toBe('public.news');
    expect(tableName('"auth"."users"')).toBe('auth.users');
  });
});

describe('reading a dump', () => {
  it('reads COPY blocks: NULL, tabs and newlines in text, the line of each row', async () => {
    const sql = [
      'SET client_encoding = \'UTF8\';', // 1
      '', // 2
      'COPY public.news (id, title, "position") FROM stdin;', // 3
      '1\tCâmara de Belém 🎉\t\\N', // 4
      '2\tcom\\ttab\\ne linha\ttop', // 5
      '\\.', // 6
      'COPY auth.users (id) FROM stdin;', // 7
      'x', // 8
      '\\.', // 9
    ].join('\n');
    const evs = await events(sql);
    expect(evs[0]).toEqual({ kind: 'columns', table: 'public.news', columns: ['id', 'title', 'position'], line: 3 });
    expect(rows(evs)).toEqual([
      { table: 'public.news', values: ['1', 'Câmara de Belém 🎉', null], line: 4 },
      { table: 'public.news', values: ['2', 'com\ttab\ne linha', 'top'], line: 5 },
    ]);
  });

  it('a COPY block cut before its \\. names the COPY line', async () => {
    const e = await failure('SET x = 1;\nCOPY public.news (id, title) FROM stdin;\n1\ta\n2\tb\n');
    expect(e.message).toBe('dump.sql, linha 2: o bloco COPY de public.news não termina (falta a linha "\\."): o arquivo parece cortado');
    expect(e.line).toBe(2);
  });

  it('a COPY row with the wrong number of fields names its line', async () => {
    const e = await failure('COPY public.news (id, title) FROM stdin;\n1\ta\n2\n\\.\n');
    expect(e.line).toBe(3);
  });

  it('reads --inserts rows in the column order of CREATE TABLE', async () => {
    const sql = `CREATE TABLE public.news (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text,
    "position" text,
    price numeric(10,2),
    CONSTRAINT news_check CHECK ((length(title) > 0))
);

INSERT INTO public.news VALUES ('1', 'It''s Belém', NULL, 10.5);
INSERT INTO public.news VALUES ('2', 'duas
linhas; com ponto-e-vírgula', 'top', -3);
`;
    const evs = await events(sql);
    expect(evs.find((e) => e.kind === 'columns')).toMatchObject({ columns: ['id', 'title', 'position', 'price'] });
    expect(rows(evs)).toEqual([
      { table: 'public.news', values: ['1', "It's Belém", null, '10.5'], line: 9 },
      { table: 'public.news', values: ['2', 'duas\nlinhas; com ponto-e-vírgula', 'top', '-3'], line: 10 },
    ]);
  });

  it('reads --column-inserts with multi-row VALUES, booleans, casts and E-strings', async () => {
    const sql = `INSERT INTO public.ads (id, is_active, meta, title) VALUES
\t('1', true, '{"a": 1}'::jsonb, E'linha\\n2 \\'aspas\\' \\\\ \\303\\251 \\x41'),
\t('2', false, NULL, 'fim''');`;
    expect(rows(await events(sql))).toEqual([
      { table: 'public.ads', values: ['1', 'true', '{"a": 1}', "linha\n2 'aspas' \\ é A"], line: 2 },
      { table: 'public.ads', values: ['2', 'false', null, "fim'"], line: 3 },
    ]);
  });

  it('steps over functions, comments and other statements that look like data', async () => {
    const sql = `--
-- Data for Name: news; it's a comment with a quote
--
CREATE FUNCTION public.f() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
BEGIN
  INSERT INTO public.news VALUES ('no', 'não é dado');
  RETURN new;
END;
$_$;
COMMENT ON TABLE public.news IS 'Notícias; "aspas"; INSERT INTO public.news VALUES (1);';
/* bloco; com ponto-e-vírgula */ SELECT pg_catalog.setval('public.s', 1, false);
INSERT INTO public.news (id, title) VALUES ('3', $$dólar; 'aspas'$$);
INSERT INTO public.other (id) VALUES ('x');
`;
    expect(rows(await events(sql, (t) => t === 'public.news'))).toEqual([{ table: 'public.news', values: ['3', "dólar; 'aspas'"], line: 14 }]);
  });

  it('leaves out the rows of tables not asked for', async () => {
    const sql = 'COPY public.a (id) FROM stdin;\n1\n\\.\nINSERT INTO public.b (id) VALUES (2);\nCOPY public.c (id) FROM stdin;\n3\n\\.\n';
    expect(rows(await events(sql, (t) => t === 'public.c'))).toEqual([{ table: 'public.c', values: ['3'], line: 6 }]);
  });

  it('a dump cut inside a statement is an error at the statement', async () => {
    const e = await failure("SET a = 1;\nINSERT INTO public.news (id, title) VALUES ('1', 'cortad");
    expect(e.line).toBe(2);
  });

  it('an INSERT without a column list and no CREATE TABLE is an error', async () => {
    const e = await failure("\nINSERT INTO public.news VALUES ('1');");
    expect(e.message).toMatch(/^dump\.sql, linha 2: INSERT em public\.news sem lista de colunas/);
  });

  it('an INSERT with a value it cannot read names the row', async () => {
    const e = await failure("INSERT INTO public.news (id, title) VALUES ('1', 'a'),\n('2', now());");
    expect(e.line).toBe(2);
  });

  it('keeps a carriage return inside a string of a CRLF dump', async () => {
    expect(rows(await events("INSERT INTO public.n (id, t) VALUES ('1', 'a\r\nb');\r\n"))).toEqual([{ table: 'public.n', values: ['1', 'a\r\nb'], line: 1 }]);
  });
});
