/**
 * Directus 11 validates emails (at sign-up and at login) against the IANA
 * TLD list, which lacks the RFC 2606 `.test` TLD the demo accounts use
 * (admin@portal.test…). Only when PORTAL_ALLOW_TEST_EMAILS=true — the demo
 * and test setups, never production — add `test` to the list Joi reads.
 * See docs/decisions/004-demo-test-emails.md.
 */
import { createRequire } from 'node:module';

export function allowTestTld(): boolean {
  const requireHere = createRequire(import.meta.url);
  const joiPath = requireHere.resolve('joi');
  const tlds = createRequire(joiPath)('@hapi/tlds') as { tlds?: Set<string> };
  if (!(tlds.tlds instanceof Set)) return false;
  tlds.tlds.add('test');
  return true;
}
