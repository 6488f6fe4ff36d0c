import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { checkDrift } from '../../directus/scripts/apply.ts';
import { admin } from './support.ts';

const env = () => ({ ADMIN_TOKEN: inject('adminToken') });

describe('schema and access as code', () => {
  it('the live instance matches directus/schema and directus/access', async () => {
    expect(await checkDrift(inject('directusUrl'), env())).toEqual([]);
  });

  it('the check fails when someone changes the live schema by hand', async () => {
    // Action: add a field nobody reviewed, then a permission.
    await admin().post('/fields/events', { field: 'rogue_field', type: 'string' });
    try {
      const drift = await checkDrift(inject('directusUrl'), env());
      // Assert
      expect(drift).toContain('campo a mais: events.rogue_field');
    } finally {
      await admin().del('/fields/events/rogue_field');
    }
    expect(await checkDrift(inject('directusUrl'), env())).toEqual([]);
  });
});
