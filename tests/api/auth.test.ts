import { randomUUID } from 'node:crypto';
import { freshTotp } from '../support/totp.ts';
import { describe, expect, it } from 'vitest';
import { admin, anonymous, code, createStaff, EMAILS, PASSWORD, profileOf, signIn } from './support.ts';

describe('/auth/login', () => {
  it.each(Object.entries(EMAILS))('%s signs in with the demo password', async (_role, email) => {
    const api = await signIn(email);
    expect(api.token).toBeTruthy();
  });

  it('a wrong password is refused', async () => {
    const r = await anonymous().post('/auth/login', { email: EMAILS.editor, password: 'errada' });
    expect(r.status).toBe(401);
  });
});

describe('/auth/password/request', () => {
  it('answers the same for known and unknown emails (no account enumeration)', async () => {
    const reset_url = 'http://localhost:4321/auth';
    const known = await anonymous().post('/auth/password/request', { email: EMAILS.producer, reset_url });
    const unknown = await anonymous().post('/auth/password/request', { email: `ninguem-${randomUUID()}@portal.test`, reset_url });
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
  });

  it('refuses a reset link outside the portal', async () => {
    const r = await anonymous().post('/auth/password/request', { email: EMAILS.producer, reset_url: 'https://malicioso.example.com' });
    expect(r.status).toBe(400);
  });
});

describe('/users/register (sign-up, spec §7)', () => {
  it('creates a user with no staff role and a profile with the full name', async () => {
    const email = `leitor-${randomUUID().slice(0, 8)}@portal.test`;
    const r = await anonymous().post('/users/register', {
      email,
      password: 'senha-forte-123',
      first_name: 'Maria',
      last_name: 'das Dores',
      verification_url: 'http://localhost:4321/auth?confirmar=1',
    });
    expect(r.status).toBe(204);
    const user = (await admin().get(`/users?filter[email][_eq]=${email}&fields=id,role,status`)).data[0];
    expect(user.role).toBeNull();
    const profile = await profileOf(user.id, 'full_name,role');
    expect(profile).toEqual({ full_name: 'Maria das Dores', role: null });
  });
});

describe('TOTP two-factor sign-in (aal2)', () => {
  it('a producer enables TOTP from their profile and then must give the code to sign in', async () => {
    const staff = await createStaff('producer');
    const email = (await admin().get(`/users/${staff.userId}?fields=email`)).data.email;
    // Action: generate a secret (needs the password) and confirm it with a code.
    const gen = await staff.post('/users/me/tfa/generate', { password: PASSWORD });
    expect(gen.status).toBe(200);
    const secret = gen.data.secret as string;
    const enable = await staff.post('/users/me/tfa/enable', { secret, otp: await freshTotp(secret) });
    expect(enable.status).toBe(204);
    // Assert: without the code sign-in is refused with INVALID_OTP; with it, it works.
    const without = await anonymous().post('/auth/login', { email, password: PASSWORD });
    expect(without.status).toBe(401);
    expect(code(without)).toBe('INVALID_OTP');
    const withCode = await anonymous().post('/auth/login', { email, password: PASSWORD, otp: await freshTotp(secret) });
    expect(withCode.status).toBe(200);
  });
});
