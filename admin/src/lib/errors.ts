/**
 * Narrows whatever a Directus request threw to the pt-BR message the spec
 * wants. Portal hooks already speak pt-BR (PORTAL_* codes); Directus's own
 * errors (FORBIDDEN, INVALID_CREDENTIALS…) are English and get translated or
 * replaced by the caller's fallback.
 */
type ApiError = { message?: string; extensions?: { code?: string } };

function firstError(e: unknown): ApiError | null {
  if (e && typeof e === 'object' && 'errors' in e) {
    const errors = (e as { errors: unknown }).errors;
    if (Array.isArray(errors) && errors[0] && typeof errors[0] === 'object') return errors[0] as ApiError;
  }
  return null;
}

export function errorCode(e: unknown): string | null {
  return firstError(e)?.extensions?.code ?? null;
}

const TRANSLATED: Record<string, string> = {
  INVALID_CREDENTIALS: 'Email ou senha inválidos',
  INVALID_OTP: 'Código de verificação inválido',
  USER_SUSPENDED: 'Usuário suspenso',
  TOKEN_EXPIRED: 'Sessão expirada. Entre novamente.',
  INVALID_TOKEN: 'Link inválido ou expirado',
  RECORD_NOT_UNIQUE: 'Registro já existe',
  REQUESTS_EXCEEDED: 'Muitas tentativas. Aguarde e tente novamente.',
};

/**
 * The server's pt-BR message when it sent one (portal hooks), a translation
 * of Directus's known codes, else the fallback.
 * @example errorMessage({ errors: [{ message: 'Já existe uma categoria com este nome', extensions: { code: 'PORTAL_CONFLICT' } }] }, 'x')
 *   // 'Já existe uma categoria com este nome'
 */
export function errorMessage(e: unknown, fallback: string): string {
  const err = firstError(e);
  const code = err?.extensions?.code;
  if (code?.startsWith('PORTAL_') && err?.message) return err.message;
  if (code && TRANSLATED[code]) return TRANSLATED[code];
  return fallback;
}

/** The reason part of "Erro ao criar município: {reason}". */
export function errorReason(e: unknown): string {
  const err = firstError(e);
  if (err?.message) return errorMessage(e, err.message);
  if (e instanceof Error && e.message) return e.message;
  return 'erro desconhecido';
}

/** Directus returns 401 / these codes when the stored session is no longer valid. */
export function isAuthError(e: unknown): boolean {
  const code = errorCode(e);
  if (code === 'INVALID_CREDENTIALS' || code === 'TOKEN_EXPIRED' || code === 'INVALID_TOKEN') return true;
  const status = e && typeof e === 'object' && 'response' in e ? (e as { response?: { status?: number } }).response?.status : undefined;
  return status === 401;
}
