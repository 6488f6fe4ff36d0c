/** Shared page states: access denial, loading and empty rows. */
export function AccessDenied({ message = 'Você não tem permissão para acessar esta página.', title = 'Acesso Negado' }: { message?: string; title?: string }) {
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-8 text-center">
      <h1 className="text-xl font-semibold text-red-800">{title}</h1>
      <p className="mt-2 text-red-700">{message}</p>
    </div>
  );
}

export function LoadingText({ text = 'Carregando...' }: { text?: string }) {
  return (
    <p role="status" className="p-4 text-slate-600">
      {text}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="mt-2 underline" onClick={onRetry}>
          Tentar novamente
        </button>
      )}
    </div>
  );
}
