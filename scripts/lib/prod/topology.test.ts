import { describe, expect, it } from 'vitest';
import { productionLikePostgres } from './topology.ts';

describe('productionLikePostgres', () => {
  it('names autovacuum when the cluster runs without it, and nothing when it runs with it', async () => {
    const answering = (autovacuum: string) => ({ raw: async () => ({ rows: [{ autovacuum }] }) });
    expect(await productionLikePostgres(answering('off'))).toEqual(['autovacuum=off (a produção roda com autovacuum ligado)']);
    expect(await productionLikePostgres(answering('on'))).toEqual([]);
  });
});
