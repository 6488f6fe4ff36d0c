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
      const ms = await guard.loginWait(email, ip);
      if (ms > 0) return tooMany(res, ms);
      res.on('finish', () => {
        const outcome = res.statusCode === 200 ? guard.loginSucceeded(email, ip) : res.statusCode === 401 ? guard.loginFailed(email, ip) : null;
        outcome?.catch((e: unknown) => log(`limite de login: ${String(e)}`));
      });
      next();
    }),
  );

  for (const route of ['/auth/password/request', '/users/register', '/portal/newsletter/subscribe', '/portal/privacy/request']) {
    app.post(
      route,
      safe(async (req, res, next) => {
        const ms = await guard.mailRequest(address(req));
        if (ms > 0) return tooMany(res, ms);
        next();
      }),
    );
  }
}

export { createLoginGuard };
