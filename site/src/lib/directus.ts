/**
 * The site's one Directus client, used only at build time (frontmatter and
 * getStaticPaths). Anonymous on purpose: the build sees exactly what readers
 * may see, and no token exists to leak into the browser.
 */
import { createDirectus, rest } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';
import { siteEnv } from './env.ts';

export function directusUrl(): string {
  return siteEnv().DIRECTUS_URL;
}

let client: ReturnType<typeof makeClient> | undefined;
const makeClient = () => createDirectus<Schema>(directusUrl()).with(rest());

export function directus() {
  client ??= makeClient();
  return client;
}
