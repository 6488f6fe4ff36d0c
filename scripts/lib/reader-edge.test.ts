import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError } from '@portal/domain/env';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { clientAddress, readerEdgeEnv } from './reader-edge.ts';

describe('clientAddress', () => {
  it('the front server (the public origin) takes its peer and ignores what the request claims', () => {
    expect(clientAddress('::ffff:203.0.113.9', '10.0.0.1', false)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', undefined, false)).toBe('203.0.113.9');
    expect(clientAddress(undefined, undefined, false)).toBeNull();
  });

  it("a standalone edge takes nginx's X-Real-IP, but only from a loopback or private peer, and only a real address", () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', true)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:172.18.0.4', '2001:db8::7', true)).toBe('2001:db8::7');
    expect(clientAddress('10.1.2.3', ' 198.51.100.2 ', true)).toBe('198.51.100.2');
    // A public peer claiming another address, or a header that is not an address, changes nothing.
    expect(clientAddress('203.0.113.9', '1.2.3.4', true)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', 'evil, 1.2.3.4', true)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', ['1.2.3.4', '5.6.7.8'], true)).toBe('127.0.0.1');
    expect(clientAddress('172.32.0.1', '1.2.3.4', true)).toBe('172.32.0.1');
  });
});

describe("the standalone reader edge's environment", () => {
  const key = 'k'.repeat(64);
  it('defaults around the one setting it needs: the key Directus holds', () => {
    expect(readerEdgeEnv({ PORTAL_EDGE_KEY: key })).toMatchObject({ READER_EDGE_PORT: 8090, DIRECTUS_URL: 'http://127.0.0.1:8055', PORTAL_EDGE_KEY: key });
  });

  it('every problem at once, in pt-BR', () => {
    let error: unknown;
    try {
      readerEdgeEnv({ READER_EDGE_PORT: 'x', DIRECTUS_URL: 'nada', PORTAL_EDGE_KEY: 'curta' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const text = (error as Error).message;
    expect(text).toContain('READER_EDGE_PORT: deve ser um número de porta');
    expect(text).toContain('DIRECTUS_URL: deve ser uma URL');
    expect(text).toContain('PORTAL_EDGE_KEY: curta demais');
  });

  it('the process refuses to start without the key, saying why', () => {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.PORTAL_EDGE_KEY;
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/reader-edge.ts')], { env, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Configuração inválida (contagem de leituras)');
    expect(r.stderr).toContain('PORTAL_EDGE_KEY');
  });
});
