/**
 * The site's one Directus client, used only at build time (frontmatter and
 * getStaticPaths). Anonymous on purpose: the build sees exactly what readers
 * may see, and no token exists to leak into the browser.
 */
import { createDirectus, rest } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';

export function directusUrl(): string {
  const url = process.env.DIRECTUS_URL;
  if (!url) throw new Error('DIRECTUS_URL não definido: o site é gerado a partir do Directus');
  return url.replace(/\/$/, '');
}

let client: ReturnType<typeof makeClient> | undefined;
const makeClient = () => createDirectus<Schema>(directusUrl()).with(rest());

export function directus() {
  client ??= makeClient();
  return client;
}
