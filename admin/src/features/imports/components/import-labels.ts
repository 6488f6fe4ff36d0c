/** pt-BR words of the import report: the source, the run's status, and the portal's collections in the order a newsroom reads them. */
import { formatDateTimePtBR, relativeTimePtBR } from '@portal/domain/dates';
import { importCollectionLabel, IMPORT_COLLECTION_LABELS, IMPORT_REPORT_LIST_MAX, IMPORT_SOURCE_LABELS } from '@portal/domain/imports';
import type { BadgeColor } from '../../../components/ui/badge.tsx';
import type { ImportRunReport } from '../api/get-last-import.ts';

export const SOURCE_LABEL: Record<ImportRunReport['source'], string> = IMPORT_SOURCE_LABELS;

export const STATUS_COLOR: Record<ImportRunReport['status'], BadgeColor> = { running: 'blue', done: 'green', failed: 'red' };

export const STATUS_LABEL: Record<ImportRunReport['status'], string> = {
  running: 'Em andamento',
  done: 'Concluída',
  failed: 'Falhou',
};

export const COLLECTION_LABEL = IMPORT_COLLECTION_LABELS;
export const collectionLabel = importCollectionLabel;

/** The report's collections: the known ones in the order above, then any other the importer counted. */
export function orderedCollections(counts: ImportRunReport['counts']): string[] {
  const known = Object.keys(COLLECTION_LABEL).filter((c) => c in counts);
  const other = Object.keys(counts)
    .filter((c) => !(c in COLLECTION_LABEL))
    .sort();
  return [...known, ...other];
}

export const REPORT_LIST_MAX = IMPORT_REPORT_LIST_MAX;

/** @example countPtBR(100000) // '100.000' */
export const countPtBR = (n: number) => n.toLocaleString('pt-BR');

/** @example whenPtBR('2026-11-26T12:00:00Z') // '26/11/2026 09:00 (há 2 horas)' */
export const whenPtBR = (iso: string) => `${formatDateTimePtBR(iso)} (${relativeTimePtBR(iso)})`;

/** @example countWord(1, 'nova', 'novas') // '1 nova'; countWord(1500, 'nova', 'novas') // '1.500 novas' */
export const countWord = (n: number, one: string, many: string) => `${countPtBR(n)} ${n === 1 ? one : many}`;
