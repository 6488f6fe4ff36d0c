import { describe, expect, it } from 'vitest';
import { isPresent, PRESENCE_HEARTBEAT_MS, PRESENCE_TTL_MS, presenceKey, presenceMessage, presentSince } from './presence.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('presence', () => {
  it('counts a person as present until three beats are missed', () => {
    expect(PRESENCE_TTL_MS).toBe(3 * PRESENCE_HEARTBEAT_MS);
    expect(isPresent(ago(0), now)).toBe(true);
    expect(isPresent(ago(PRESENCE_TTL_MS), now)).toBe(true);
    expect(isPresent(ago(PRESENCE_TTL_MS + 1), now)).toBe(false);
    expect(isPresent('não é data', now)).toBe(false);
  });

  it('the SQL cut-off agrees with the predicate', () => {
    const cut = presentSince(now);
    expect(isPresent(cut, now)).toBe(true);
    expect(isPresent(new Date(cut.getTime() - 1), now)).toBe(false);
  });

  it('one row per story and person', () => {
    expect(presenceKey('n1', 'u1')).toBe('n1:u1');
  });

  it('says who is editing, in pt-BR, once per person', () => {
    expect(presenceMessage([])).toBeNull();
    expect(presenceMessage([{ user_id: 'u2', name: 'Ana Souza' }])).toBe('Ana Souza está editando esta notícia.');
    expect(presenceMessage([{ user_id: 'u2', name: 'Ana' }, { user_id: 'u3', name: 'Rui' }])).toBe('Ana e Rui estão editando esta notícia.');
    expect(
      presenceMessage([
        { user_id: 'u2', name: 'Ana' },
        { user_id: 'u3', name: 'Rui' },
        { user_id: 'u4', name: null },
      ]),
    ).toBe('Ana, Rui e Alguém da equipe estão editando esta notícia.');
  });
});
