import { describe, expect, it } from 'vitest';
import { siteEnv } from './env.ts';

describe("the site build's environment", () => {
  it('needs the Directus URL, says so in pt-BR', () => {
    expect(() => siteEnv({})).toThrow(/DIRECTUS_URL: deve ser a URL do Directus/);
    expect(siteEnv({ DIRECTUS_URL: 'http://127.0.0.1:8055/', DIRECTUS_TOKEN: 'x'.repeat(32) })).toMatchObject({
      DIRECTUS_URL: 'http://127.0.0.1:8055',
      SITE_URL: 'http://localhost:4321',
    });
  });

  it("needs the builder account's token: the public's own bounds would refuse a build's reads (decision 032)", () => {
    expect(() => siteEnv({ DIRECTUS_URL: 'http://127.0.0.1:8055' })).toThrow(/DIRECTUS_TOKEN: é obrigatório/);
  });
});
