/** "Exportar CSV" of one report table, built in the browser (formula-safe cells: domain/csv). */
import { toCsv } from '@portal/domain/csv';
import { Button } from '../../../components/ui/button.tsx';

export function DownloadCsv({ name, header, rows, label }: { name: string; header: readonly string[]; rows: Array<Array<string | number | null>>; label: string }) {
  function onClick() {
    // The BOM makes spreadsheets read the accents as UTF-8.
    const url = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `${name}.csv` });
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Button variant="outline" onClick={onClick} aria-label={`Exportar CSV: ${label}`}>
      Exportar CSV
    </Button>
  );
}
