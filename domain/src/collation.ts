/**
 * How names sort for pt-BR readers (issue #12, item 8): accents and case are
 * secondary, so "Belém" comes before "Belterra" and "Óbidos" sits among the
 * O's. Databases sort bytes (SQLite, PostgreSQL with the C collation), so name
 * lists are ordered with this rule where they are shown (decision 023).
 */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * Compares two names the pt-BR way; a tie on letters is broken by the accents
 * so the order is total and stable.
 * @example ['Belterra', 'Belém'].sort(comparePtBR) // ['Belém', 'Belterra']
 */
export function comparePtBR(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * A copy of `items` sorted by one text field the pt-BR way (empty names last).
 * @example sortByName([{ name: 'Óbidos' }, { name: 'Xinguara' }, { name: 'Abaetetuba' }]) // Abaetetuba, Óbidos, Xinguara
 */
export function sortByName<T>(items: readonly T[], name: (item: T) => string | null | undefined = (i) => (i as { name?: string | null }).name): T[] {
  return [...items].sort((x, y) => {
    const a = name(x) ?? '';
    const b = name(y) ?? '';
    if (!a || !b) return a ? -1 : b ? 1 : 0;
    return comparePtBR(a, b);
  });
}
