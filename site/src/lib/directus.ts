/**
 * The site's one Directus client, used only at build time (frontmatter and
 * getStaticPaths). It signs in as the site_reader account, whose permissions
 * are the public's (directus/access/policies.ts): the build sees exactly what
 * readers may see, without the bounds a hostile public gets (decision 032).
 * The token lives in the build's environment; nothing here reaches a page.
 */
import { createDirectus, rest, staticToken } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';
import { siteEnv } from './env.ts';
import { perBuild } from '../build/per-build.ts';
import { retryingReads } from './read-fetch.ts';

export function directusUrl(): string {
  return siteEnv().DIRECTUS_URL;
}

// Its reads survive a kept connection Directus closed as they left on it (read-fetch.ts).
export const directus = perBuild(() =>
  createDirectus<Schema>(directusUrl(), { globals: { fetch: retryingReads() } }).with(staticToken(siteEnv().DIRECTUS_TOKEN)).with(rest()),
);
