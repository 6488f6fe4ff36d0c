/** Municipalities that cannot be deleted (nor renamed), by name. */
export const PROTECTED_MUNICIPALITIES = ['Mundo', 'Brasil', 'Pará'] as const;

/** @example isProtectedMunicipality('Pará') // true */
export const isProtectedMunicipality = (name: string | null | undefined): boolean =>
  !!name && (PROTECTED_MUNICIPALITIES as readonly string[]).includes(name.trim());

export const PROTECTED_MUNICIPALITY_ERROR = 'Município protegido pelo sistema não pode ser excluído ou renomeado';
export const MUNICIPALITY_CHANGE_ERROR = 'Apenas super admin pode alterar o município';
