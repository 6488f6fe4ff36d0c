/**
 * Imported first by main.tsx, before any schema is defined. Under the admin's
 * strict CSP (no eval) zod must not probe `new Function`: the probe is caught,
 * but the browser still reports it as a policy violation.
 */
import { config } from 'zod';

config({ jitless: true });
