import { describe, expect, it } from 'vitest';
import type { SiteStatus } from '@portal/domain/build-contract';
import { siteStatusText } from './site-status-line.tsx';

/** A reachable builder's status: idle, nothing built or owed, with `s` over it. */
const up = (s: Partial<Extract<SiteStatus, { available: true }>>): SiteStatus => ({
  available: true,
  state: 'idle',
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  skipped: [],
  lastFull: null,
  catchUpDueAt: null,
  ...s,
});

describe('siteStatusText', () => {
  it('says when the site was last updated, in Belém time', () => {
    expect(
      siteStatusText(up({ lastSuccessAt: '2026-11-22T12:05:00.000Z' })),
    ).toEqual({ text: 'Site atualizado às 09:05', failed: false });
  });
  it('mentions a build in progress', () => {
    expect(
      siteStatusText(up({ state: 'building', lastSuccessAt: '2026-11-22T12:05:00.000Z' }))?.text,
    ).toBe('Site atualizado às 09:05 · atualizando...');
  });
  it('reports a failure newer than the last success, and that the old site stays up', () => {
    expect(
      siteStatusText(up({ lastSuccessAt: '2026-11-22T12:05:00.000Z', lastFailureAt: '2026-11-22T12:10:00.000Z', lastError: 'astro build falhou' })),
    ).toEqual({ text: 'Falha ao atualizar o site às 09:10. O site anterior continua no ar.', failed: true, reason: 'astro build falhou' });
  });
  it('says why the build failed: the tail of its error output (issue #32)', () => {
    const lastError = 'astro build falhou (código 1):\nENOENT: no such file or directory, mkdir \'/srv/site/releases/x/municipio/pau-darco/\'\n';
    const s = siteStatusText(up({ lastFailureAt: '2026-11-22T12:10:00.000Z', lastError }));
    expect(s?.reason).toBe(lastError.trim());
    expect(siteStatusText(up({ lastFailureAt: '2026-11-22T12:10:00.000Z' }))).not.toHaveProperty('reason');
  });
  it('shows nothing when the builder cannot be reached', () => {
    expect(siteStatusText({ available: false })).toBeNull();
  });
});
