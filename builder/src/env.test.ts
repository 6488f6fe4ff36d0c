import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError } from '@portal/domain/env';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { builderEnv } from './env.ts';

const TOKEN = 'x'.repeat(32);

describe("the builder's environment", () => {
  it('defaults for a local run', () => {
    expect(builderEnv({ BUILDER_HOST: '127.0.0.1', DIRECTUS_TOKEN: TOKEN })).toMatchObject({
      BUILDER_PORT: 4400,
      BUILDER_TOKEN: '',
      DIRECTUS_URL: 'http://127.0.0.1:8055',
      BUILDER_INITIAL_BUILD: '1',
    });
    expect(builderEnv({ BUILDER_HOST: '127.0.0.1', DIRECTUS_TOKEN: TOKEN, BUILDER_FULL_BUILD_LIMIT_MIN: '45' }).BUILDER_FULL_BUILD_LIMIT_MIN).toBe(45);
  });

  it("needs the site_reader account's token to read what the public reads (decision 032)", () => {
    expect(() => builderEnv({ BUILDER_HOST: '127.0.0.1' })).toThrow(/DIRECTUS_TOKEN: é obrigatório/);
    expect(() => builderEnv({ BUILDER_HOST: '127.0.0.1', DIRECTUS_TOKEN: 'curto' })).toThrow(/DIRECTUS_TOKEN: curto demais/);
  });

  it('every problem at once, in pt-BR', () => {
    const error = (() => {
      try {
        builderEnv({
          BUILDER_PORT: 'oitenta',
          DIRECTUS_URL: 'directus',
          BUILDER_INITIAL_BUILD: 'sim',
          BUILDER_HOST: '127.0.0.1',
          BUILDER_FULL_BUILD_LIMIT_MIN: 'meia hora',
        });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error!.message).toContain('BUILDER_PORT: deve ser um número de porta');
    expect(error!.message).toContain('DIRECTUS_URL: deve ser uma URL');
    expect(error!.message).toContain("BUILDER_INITIAL_BUILD: deve ser '0' ou '1'");
    expect(error!.message).toContain('BUILDER_FULL_BUILD_LIMIT_MIN: deve ser um número de minutos');
  });

  it('listening beyond localhost needs a token of at least 16 characters', () => {
    expect(() => builderEnv({ BUILDER_HOST: '0.0.0.0', DIRECTUS_TOKEN: TOKEN })).toThrow(/BUILDER_TOKEN: vazio/);
    expect(() => builderEnv({ BUILDER_HOST: '0.0.0.0', DIRECTUS_TOKEN: TOKEN, BUILDER_TOKEN: 'curto' })).toThrow(/curto demais/);
    expect(builderEnv({ BUILDER_HOST: '0.0.0.0', DIRECTUS_TOKEN: TOKEN, BUILDER_TOKEN: 'x'.repeat(32) }).BUILDER_TOKEN).toHaveLength(32);
  });

  it('the builder process refuses to start with a bad environment, saying why', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'builder/src/main.ts')], {
      env: { PATH: process.env.PATH, BUILDER_HOST: '0.0.0.0', BUILDER_PORT: '0', DIRECTUS_TOKEN: TOKEN },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Configuração inválida (construtor do site)');
    expect(r.stderr).toContain('BUILDER_TOKEN: vazio');
  });
});
