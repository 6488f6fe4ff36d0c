/**
 * Directus's filter operators the access rules use, evaluated on one row (what
 * Directus does in SQL), so a test can hold each rule's filter form against its
 * predicate. A field holding an object is a relation: its filter applies to it.
 */
import { NOW } from '../news-access.ts';

type Filter = Record<string, unknown>;
type Row = Record<string, unknown>;

export function matchesFilter(filter: Filter, row: Row, now: Date): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === '_and') return (cond as Filter[]).every((f) => matchesFilter(f, row, now));
    if (key === '_or') return (cond as Filter[]).some((f) => matchesFilter(f, row, now));
    const field = row[key];
    const ops = Object.entries(cond as Filter);
    // A relation (news_id: { _and: [...] }): the related row must match.
    if (ops.some(([op]) => !op.startsWith('_') || op === '_and' || op === '_or')) return !!field && typeof field === 'object' && matchesFilter(cond as Filter, field as Row, now);
    return ops.every(([op, raw]) => {
      const value = raw === NOW ? now.getTime() : raw;
      const comparable = typeof field === 'string' && /^\d{4}-/.test(field) ? new Date(field).getTime() : field;
      switch (op) {
        case '_eq':
          return comparable === value;
        case '_neq':
          return comparable !== value;
        case '_in':
          return (value as unknown[]).includes(field);
        case '_null':
          return (field === null || field === undefined) === value;
        case '_nnull':
          return (field !== null && field !== undefined) === value;
        case '_lte':
          return comparable !== null && comparable !== undefined && (comparable as number) <= (value as number);
        case '_gte':
          return comparable !== null && comparable !== undefined && (comparable as number) >= (value as number);
        default:
          throw new Error(`operador não coberto: ${op}`);
      }
    });
  });
}
