import { describe, expect, it } from 'vitest';
import { siteEnv } from './env.ts';

describe("the site build's environment", () => {
  it('needs the Directus URL, says so in pt-BR', () => {
    expect(() => siteEnv({})).toThrow(/DIRECTUS_URL: deve ser a URL do Directus/);
    expect(siteEnv({ DIRECTUS_URL: 'http://127.0.0.1:8055/' })).toMatchObject({ DIRECTUS_URL: 'http://127.0.0.1:8055', SITE_URL: 'http://localhost:4321' });
  });
});
