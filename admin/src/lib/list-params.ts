/** Parameters every server-side list takes: page (1-based), search text and Directus sort. */
export type ListParams = { page: number; search: string; sort: string };
export type Page<T> = { items: T[]; total: number };

