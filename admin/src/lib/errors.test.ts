import { describe, expect, it } from 'vitest';
import { errorMessage, errorReason, isAuthError } from './errors.ts';
import { apiError } from '../testing/directus-mock.ts';

describe('errorMessage', () => {
  it('keeps the pt-BR message of a portal rule', () => {
    expect(errorMessage(apiError('Já existe uma categoria com este nome', 'PORTAL_CONFLICT'), 'Não foi possível salvar a categoria')).toBe(
      'Já existe uma categoria com este nome',
    );
  });

  it("replaces Directus's English permission denial with the screen's fallback", () => {
    expect(errorMessage(apiError("You don't have permission to access this.", 'FORBIDDEN'), 'Não foi possível salvar a notícia')).toBe(
      'Não foi possível salvar a notícia',
    );
  });

  it('translates wrong credentials', () => {
    expect(errorMessage(apiError('Invalid user credentials.', 'INVALID_CREDENTIALS'), 'x')).toBe('Email ou senha inválidos');
  });

  it('falls back for non-API failures', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Não foi possível excluir a notícia')).toBe('Não foi possível excluir a notícia');
  });
});

describe('errorReason', () => {
  it('is the server message for municipality errors', () => {
    expect(errorReason(apiError('Município protegido pelo sistema não pode ser excluído ou renomeado', 'PORTAL_FORBIDDEN'))).toBe(
      'Município protegido pelo sistema não pode ser excluído ou renomeado',
    );
  });
});

describe('isAuthError', () => {
  it('recognises an expired session', () => {
    expect(isAuthError(apiError('Token expired.', 'TOKEN_EXPIRED'))).toBe(true);
    expect(isAuthError(apiError('Forbidden', 'FORBIDDEN'))).toBe(false);
  });
});
