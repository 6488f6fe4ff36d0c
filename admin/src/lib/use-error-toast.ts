import { useEffect } from 'react';
import { useToast } from '../components/ui/toast.tsx';

/** Toasts a load failure once per failed fetch (spec section 8 "Não foi possível carregar …"). */
export function useErrorToast(error: unknown, message: string) {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(message);
  }, [error, message, toast]);
}
