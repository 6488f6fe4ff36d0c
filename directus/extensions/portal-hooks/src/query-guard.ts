/**
 * The query guard (issue #32, decision 032): every request, once Directus has
 * said who asks (`req.accountability`) and parsed the query
 * (`req.sanitizedQuery`), before any route runs. Administrators and the site
 * builder pass; everyone else gets the bounds of domain/src/query-rules.ts,
 * and neither GraphQL, `SEARCH` (a query in the body), batch writes by query
 * nor file import from a URL.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { queryRefusal, type ParsedQuery, type QueryAudience } from '@portal/domain/query-rules';
import { isStaff } from '@portal/domain/roles';
import { roleKeyFromId, SITE_READER } from '../../../access/ids.ts';

type Accountability = { user?: string | null; role?: string | null; admin?: boolean } | null | undefined;
type GuardedRequest = Request & { accountability?: Accountability; sanitizedQuery?: ParsedQuery };

/** Who gets which bounds: null for those who pass (administrators, the builder). */
export function audienceOf(a: Accountability): QueryAudience | null {
  if (a?.admin) return null;
  if (a?.role === SITE_READER.role) return null;
  // A signed-in account without a staff role (a self-registered reader) is the public.
  return a?.user && isStaff(roleKeyFromId(a.role)) ? 'staff' : 'public';
}

/** Directus's routes that read a system collection with a query (the portal's own /portal/* routes check their own input). */
const SYSTEM_ROUTES = new Set(
  'activity,comments,dashboards,files,flows,folders,notifications,operations,panels,permissions,policies,presets,revisions,roles,shares,translations,users,versions'.split(','),
);

/** The collection a path reads: /items/<c>, or a system collection (/users → directus_users); null for other routes. */
export function collectionOf(path: string): string | null {
  const items = /^\/items\/([^/]+)/.exec(path);
  if (items) {
    try {
      return decodeURIComponent(items[1]!);
    } catch {
      return items[1]!;
    }
  }
  const system = /^\/([a-z]+)(?:\/|$)/.exec(path)?.[1];
  return system && SYSTEM_ROUTES.has(system) ? `directus_${system}` : null;
}

const refuse = (res: Response, status: number, message: string, code = status === 403 ? 'FORBIDDEN' : 'INVALID_QUERY') =>
  res.status(status).json({ errors: [{ message, extensions: { code } }] });

export function queryGuard(req: GuardedRequest, res: Response, next: NextFunction) {
  const audience = audienceOf(req.accountability);
  if (!audience) return next();
  const path = req.path;
  // One GraphQL request can hold hundreds of aliased reads (one made Directus run out of memory).
  if (/^\/graphql(\/|$)/.test(path)) return refuse(res, 403, 'A API GraphQL não está disponível.');
  // SEARCH carries its query in the body, past the checks below.
  if (req.method === 'SEARCH') return refuse(res, 405, 'Método não permitido.', 'METHOD_NOT_ALLOWED');
  // Fetching a URL from the server reaches what only the server can reach (SSRF).
  if (req.method === 'POST' && path === '/files/import') return refuse(res, 403, 'Importar arquivos por endereço não é permitido.');
  const body = req.body as { query?: unknown } | undefined;
  if ((req.method === 'PATCH' || req.method === 'DELETE') && body && typeof body === 'object' && !Array.isArray(body) && 'query' in body)
    return refuse(res, 400, 'Alterações por consulta não são permitidas: informe os itens.');
  const collection = collectionOf(path);
  const why = collection && req.sanitizedQuery ? queryRefusal(collection, req.sanitizedQuery, audience) : null;
  if (why) return refuse(res, 400, why);
  next();
}

export function mountQueryGuard(app: Router) {
  app.use(queryGuard);
}

/**
 * An address whose percent-encoding is broken (`/assets/%E0%A4%A`) is the
 * client's error: 400 before Directus's routers, which would answer 500.
 */
export function refuseMalformedPath(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
  } catch {
    return refuse(res, 400, 'Endereço malformado.', 'INVALID_PAYLOAD');
  }
  next();
}
