import { describe, expect, it } from 'vitest';
import { siteStatusText } from './site-status-line.tsx';

describe('siteStatusText', () => {
  it('says when the site was last updated, in Belém time', () => {
    expect(
      siteStatusText({ available: true, state: 'idle', lastSuccessAt: '2026-11-22T12:05:00.000Z', lastFailureAt: null, lastError: null }),
    ).toEqual({ text: 'Site atualizado às 09:05', failed: false });
  });
  it('mentions a build in progress', () => {
    expect(
      siteStatusText({ available: true, state: 'building', lastSuccessAt: '2026-11-22T12:05:00.000Z', lastFailureAt: null, lastError: null })?.text,
    ).toBe('Site atualizado às 09:05 · atualizando...');
  });
  it('reports a failure newer than the last success, and that the old site stays up', () => {
    expect(
      siteStatusText({
        available: true,
        state: 'idle',
        lastSuccessAt: '2026-11-22T12:05:00.000Z',
        lastFailureAt: '2026-11-22T12:10:00.000Z',
        lastError: 'astro build falhou',
      }),
    ).toEqual({ text: 'Falha ao atualizar o site às 09:10. O site anterior continua no ar.', failed: true, reason: 'astro build falhou' });
  });
  it('says why the build failed: the tail of its error output (issue #32)', () => {
    const lastError = 'astro build falhou (código 1):\nENOENT: no such file or directory, mkdir \'/srv/site/releases/x/municipio/pau-darco/\'\n';
    const s = siteStatusText({ available: true, state: 'idle', lastSuccessAt: null, lastFailureAt: '2026-11-22T12:10:00.000Z', lastError });
    expect(s?.reason).toBe(lastError.trim());
    expect(siteStatusText({ available: true, state: 'idle', lastSuccessAt: null, lastFailureAt: '2026-11-22T12:10:00.000Z', lastError: null })).not.toHaveProperty('reason');
  });
  it('shows nothing when the builder cannot be reached', () => {
    expect(siteStatusText({ available: false })).toBeNull();
  });
});
