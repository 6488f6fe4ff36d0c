/** Hands the browser a CSV file to save; the BOM makes spreadsheets read the accents as UTF-8. */
export function downloadCsv(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), {
    href: url,
    download: filename,
  });
  a.click();
  URL.revokeObjectURL(url);
}
