/**
 * The builder's status as staff see it (`GET /portal/site-status`, the health page): one fetch, one
 * shape (domain/build-contract's SiteStatus, parsed there).
 */
import { siteStatusFrom, type SiteStatus } from '@portal/domain/build-contract';

export async function builderStatus(url: unknown): Promise<SiteStatus> {
  if (typeof url !== 'string' || !url) return { available: false };
  try {
    const res = await fetch(`${url.replace(/\/$/, '')}/status`, { signal: AbortSignal.timeout(2000) });
    return siteStatusFrom(await res.json());
  } catch {
    return { available: false };
  }
}
