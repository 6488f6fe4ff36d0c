/**
 * The export folder in either shape, seen as tables of rows: one plain-SQL
 * dump (`*.sql`) or one CSV per table. Each call to `rows` reads the files
 * again from the start (streamed), so a reader can make as many passes as
 * its order needs without holding a big table.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ImportInputError } from '../records.ts';
import { parseCsv } from './csv.ts';
import { readDump, splitLines } from './pg-dump.ts';
import { OPTIONAL_CSV, TABLES, checkColumns, tableByDumpName, type SourceRow, type TableKey } from './tables.ts';

export type ExportSource = {
  shape: 'sql' | 'csv';
  /** The rows of these tables, in file order; each table's header is checked first. */
  rows(tables: readonly TableKey[]): AsyncGenerator<SourceRow>;
};

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

function fromColumns(columns: readonly string[], values: readonly (string | null)[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (let i = 0; i < columns.length; i++) out[columns[i]!] = values[i] ?? null;
  return out;
}

function dumpSource(dir: string, file: string): ExportSource {
  return {
    shape: 'sql',
    async *rows(tables) {
      const wanted = new Set(tables.map((t) => TABLES[t].dump));
      for await (const ev of readDump(splitLines(createReadStream(join(dir, file))), file, (t) => wanted.has(t))) {
        const table = tableByDumpName(ev.table)!;
        if (ev.kind === 'columns') checkColumns(table, ev.columns, file, ev.line);
        else yield { table, values: fromColumns(ev.columns, ev.values), origin: { file, line: ev.line } };
      }
    },
  };
}

function csvSource(dir: string): ExportSource {
  return {
    shape: 'csv',
    async *rows(tables) {
      for (const table of tables) {
        const file = TABLES[table].csv;
        const path = join(dir, file);
        if (OPTIONAL_CSV.has(table) && !(await exists(path))) continue;
        let header: string[] | null = null;
        for await (const rec of parseCsv(createReadStream(path), file)) {
          if (!header) {
            header = rec.fields.map((f) => (f ?? '').trim().toLowerCase());
            checkColumns(table, header, file, rec.line);
            continue;
          }
          if (rec.fields.length !== header.length) {
            throw new ImportInputError(`a linha tem ${rec.fields.length} campos e o cabeçalho tem ${header.length}`, file, rec.line);
          }
          yield { table, values: fromColumns(header, rec.fields), origin: { file, line: rec.line } };
        }
        if (!header) throw new ImportInputError('arquivo vazio: falta o cabeçalho', file, 1);
      }
    },
  };
}

/**
 * The export in `dir`: its one `.sql` file, else its CSVs (all of the spec's
 * tables; the auth ones may be missing). A folder that is neither is an
 * ImportInputError naming what is missing.
 */
export async function openExport(dir: string): Promise<ExportSource> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new ImportInputError('pasta da exportação não encontrada', dir, null);
  }
  const dumps = names.filter((n) => n.toLowerCase().endsWith('.sql')).sort();
  if (dumps.length > 1) throw new ImportInputError(`mais de um arquivo .sql (${dumps.join(', ')}): deixe só o dump do banco`, dir, null);
  if (dumps.length === 1) return dumpSource(dir, dumps[0]!);
  if (!names.includes('news.csv')) throw new ImportInputError('nenhum dump .sql nem news.csv: não é uma exportação do portal', dir, null);
  for (const [table, def] of Object.entries(TABLES) as [TableKey, (typeof TABLES)[TableKey]][]) {
    if (!OPTIONAL_CSV.has(table) && !names.includes(def.csv)) throw new ImportInputError('arquivo não encontrado na exportação (um CSV por tabela)', def.csv, null);
  }
  return csvSource(dir);
}
