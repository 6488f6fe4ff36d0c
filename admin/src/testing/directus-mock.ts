/**
 * Replaces the one Directus client's `request` in a test: each SDK command is
 * turned into its { method, path, params, body } and handed to `handler`.
 */
import { vi } from 'vitest';
import { directus } from '../lib/directus.ts';

export type Call = { method: string; path: string; params: Record<string, unknown>; body: unknown };

export function mockDirectus(handler: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.spyOn(directus, 'request').mockImplementation((async (command: () => Record<string, unknown>) => {
    const o = command();
    const call: Call = {
      method: String(o.method ?? 'GET'),
      path: String(o.path),
      params: (o.params as Record<string, unknown>) ?? {},
      body: typeof o.body === 'string' ? JSON.parse(o.body) : o.body,
    };
    calls.push(call);
    return handler(call);
  }) as never);
  return calls;
}

/** The shape Directus errors arrive in through the SDK. */
export const apiError = (message: string, code: string) => Object.assign(new Error(message), { errors: [{ message, extensions: { code } }] });
