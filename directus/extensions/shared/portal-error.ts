import { createError } from '@directus/errors';

/**
 * Errors that carry the spec's pt-BR messages to every client. Directus
 * serialises them as { errors: [{ message, extensions: { code } }] } with
 * the given HTTP status.
 */
export const ForbiddenRuleError = createError<{ message: string }>('PORTAL_FORBIDDEN', (e) => e.message, 403);
export const ConflictRuleError = createError<{ message: string }>('PORTAL_CONFLICT', (e) => e.message, 409);
export const InvalidInputError = createError<{ message: string }>('PORTAL_INVALID', (e) => e.message, 400);
export const NotFoundError = createError<{ message: string }>('PORTAL_NOT_FOUND', (e) => e.message, 404);

export const forbidden = (message: string) => new ForbiddenRuleError({ message });
export const conflict = (message: string) => new ConflictRuleError({ message });
export const invalid = (message: string) => new InvalidInputError({ message });
export const notFound = (message: string) => new NotFoundError({ message });
export const TooManyRuleError = createError<{ message: string }>('PORTAL_TOO_MANY', (e) => e.message, 429);
export const tooMany = (message: string) => new TooManyRuleError({ message });
