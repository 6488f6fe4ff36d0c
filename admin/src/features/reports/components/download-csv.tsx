/** "Exportar CSV" of one report table, built in the browser (formula-safe cells: domain/csv). */
import { toCsv } from '@portal/domain/csv';
import { Button } from '../../../components/ui/button.tsx';
import { downloadCsv } from '../../../lib/download.ts';

export function DownloadCsv({
  name,
  header,
  rows,
  label,
}: {
  name: string;
  header: readonly string[];
  rows: Array<Array<string | number | null>>;
  label: string;
}) {
  return (
    <Button variant="outline" onClick={() => downloadCsv(toCsv(header, rows), `${name}.csv`)} aria-label={`Exportar CSV: ${label}`}>
      Exportar CSV
    </Button>
  );
}
