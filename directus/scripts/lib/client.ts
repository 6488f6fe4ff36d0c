/**
 * The one typed Directus client of the Node runtime (scripts, seed, tests).
 * Nothing else in directus/ or tests/ imports @directus/sdk.
 */
import { authentication, createDirectus, rest, staticToken } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';

export * from '@directus/sdk';

export function directusClient(url: string) {
  return createDirectus<Schema>(url).with(rest()).with(authentication('json', { autoRefresh: false }));
}

export function tokenClient(url: string, token: string) {
  return createDirectus<Schema>(url).with(rest()).with(staticToken(token));
}

export async function signedIn(url: string, email: string, password: string) {
  const client = directusClient(url);
  await client.login({ email, password });
  return client;
}

export type PortalClient = ReturnType<typeof directusClient>;

/** The pt-BR message a Directus error carries, or a fallback. */
export function errorMessage(e: unknown, fallback = 'Erro inesperado'): string {
  const errors = (e as { errors?: Array<{ message?: string }> })?.errors;
  return errors?.[0]?.message ?? (e instanceof Error ? e.message : fallback);
}
