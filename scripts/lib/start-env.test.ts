import { describe, expect, it } from 'vitest';
import { startEnv } from './start-env.ts';

describe("npm start's environment", () => {
  it('the documented ports by default', () => expect(startEnv({})).toEqual({ PORT: 4321, DIRECTUS_PORT: 8055, BUILDER_PORT: 4400, MAIL_SMTP_PORT: 1025, MAIL_WEB_PORT: 1080 }));
  it('a bad or clashing port stops it with the reason', () => {
    expect(() => startEnv({ PORT: '80a' })).toThrow(/PORT: deve ser um número de porta/);
    expect(() => startEnv({ PORT: '8055' })).toThrow(/precisam ser diferentes/);
  });
});
