/**
 * The site's one Directus client, used only at build time (frontmatter and
 * getStaticPaths). Anonymous on purpose: the build sees exactly what readers
 * may see, and no token exists to leak into the browser.
 */
import { createDirectus, rest } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';
import { siteEnv } from './env.ts';
import { perBuild } from './per-build.ts';

export function directusUrl(): string {
  return siteEnv().DIRECTUS_URL;
}

export const directus = perBuild(() => createDirectus<Schema>(directusUrl()).with(rest()));
