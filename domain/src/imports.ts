/**
 * The words and limits of an import's report (issue #27), shared by the
 * importer's CLI (ops/src/import) and the admin's report screen.
 */

/** The importer keeps at most this many warnings and left-out records in a run's report (its totals count them all). */
export const IMPORT_REPORT_LIST_MAX = 2000;

export const IMPORT_SOURCE_LABELS = { hosted: 'Portal hospedado (SQL/CSV)', wordpress: 'WordPress' } as const;

/** The collections the importer counts, named as the admin names them, in the order a newsroom reads them. */
export const IMPORT_COLLECTION_LABELS: Readonly<Record<string, string>> = {
  news: 'Notícias',
  categories: 'Categorias',
  municipalities: 'Municípios',
  profiles: 'Perfis',
  directus_files: 'Arquivos',
  settings: 'Configurações',
  events: 'Eventos',
  ads: 'Publicidade',
  news_daily: 'Totais por dia',
  legacy_paths: 'Endereços antigos',
};

/** @example importCollectionLabel('news') // 'Notícias'; importCollectionLabel('outra') // 'outra' */
export const importCollectionLabel = (collection: string): string => IMPORT_COLLECTION_LABELS[collection] ?? collection;
