/**
 * CSV for the exports staff open in a spreadsheet (newsletter subscribers,
 * reports): RFC 4180 quoting, CRLF, and a cell that would start a formula
 * (= + - @, tab, carriage return) prefixed with ' so a spreadsheet shows it
 * as text instead of running it (CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * @example toCsv(['nome', 'obs'], [['Ana', 'diz "oi", tchau']]) // 'nome,obs\r\nAna,"diz ""oi"", tchau"\r\n'
 * @example toCsv(['e'], [['=1+1']]) // "e\r\n'=1+1\r\n"
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (typeof v === 'string' && FORMULA.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
