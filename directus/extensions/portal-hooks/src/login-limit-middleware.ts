/**
 * Wires the login guard in front of Directus's /auth routes (after the body
 * is parsed, before the routes): a blocked request gets 429 with Retry-After
 * and a pt-BR message; the outcome of a login, read when its response is
 * sent, feeds the counters.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import { createLoginGuard, normaliseEmail, tooManyMessage, type LimiterFactory, type LoginGuard } from './login-limit.ts';

export function limiterFactory(redisUrl: string | undefined): LimiterFactory {
  if (!redisUrl) return (name, l) => new RateLimiterMemory({ keyPrefix: name, points: l.points, duration: l.duration });
  const client = new Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: false });
  return (name, l) => new RateLimiterRedis({ storeClient: client, keyPrefix: `portal:${name}`, points: l.points, duration: l.duration });
}

function tooMany(res: Response, ms: number) {
  res.setHeader('Retry-After', String(Math.ceil(ms / 1000)));
  res.status(429).json({ errors: [{ message: tooManyMessage(ms), extensions: { code: 'PORTAL_TOO_MANY_ATTEMPTS' } }] });
}

export function mountLoginLimits(app: Router, guard: LoginGuard, log: (m: string) => void) {
  const address = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'desconhecido';
  // A limiter that cannot be reached must not lock everyone out: log and let Directus answer.
  const safe = (fn: (req: Request, res: Response, next: NextFunction) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
    fn(req, res, next).catch((e: unknown) => {
      log(`limite de login indisponível: ${e instanceof Error ? e.message : String(e)}`);
      next();
    });
  };

  app.post(
    '/auth/login',
    safe(async (req, res, next) => {
      const email = normaliseEmail((req.body as { email?: unknown } | undefined)?.email);
      const ip = address(req);
      // Counted before the password is checked: 40 attempts in parallel get 429 from the 6th (issue #32).
      const ms = await guard.loginAttempt(email, ip);
      if (ms > 0) return tooMany(res, ms);
      res.on('finish', () => {
        const outcome = res.statusCode === 200 ? guard.loginSucceeded(email, ip) : res.statusCode === 401 ? null : guard.loginNotCounted(email, ip);
        outcome?.catch((e: unknown) => log(`limite de login: ${String(e)}`));
      });
      next();
    }),
  );

  // Account mails: per address, and per recipient (a reset mail to one inbox at most 3 times an hour, whoever asks).
  // What a capped recipient hears is each route's own: a reset answers as Directus does whether or not the
  // account exists (nothing sent, nothing told); a sign-up says to wait.
  const accountMail = (capped: (res: Response) => void) =>
    safe(async (req, res, next) => {
      const ms = await guard.mailRequest(address(req));
      if (ms > 0) return tooMany(res, ms);
      const to = normaliseEmail((req.body as { email?: unknown } | undefined)?.email);
      if (to && !(await guard.mayMail('account', to))) return capped(res);
      next();
    });
  app.post('/auth/password/request', accountMail((res) => void res.status(204).end()));
  app.post('/users/register', accountMail((res) => tooMany(res, 60 * 60_000)));
  // Reader mails (newsletter, privacy requests): a budget per address of their own; the per-recipient
  // cap is checked by their routes, which answer the same whatever happened (newsletter/routes.ts).
  for (const route of ['/portal/newsletter/subscribe', '/portal/privacy/request']) {
    app.post(
      route,
      safe(async (req, res, next) => {
        const ms = await guard.readerMailRequest(address(req));
        if (ms > 0) return tooMany(res, ms);
        next();
      }),
    );
  }
}

export { createLoginGuard };
