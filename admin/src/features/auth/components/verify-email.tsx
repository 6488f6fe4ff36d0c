/** Landing of the sign-up confirmation mail: confirms once, then offers the sign-in. */
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useVerifyEmail, VERIFY_EMAIL_FAILED } from '../api/verify-email.ts';

export function VerifyEmail({ token, onDone }: { token: string; onDone: () => void }) {
  const verify = useVerifyEmail();
  const asked = useRef(false);
  useEffect(() => {
    // A token is good once: never send it twice (e.g. StrictMode's double effect).
    if (asked.current) return;
    asked.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess)
    return (
      <div className="space-y-4 text-center">
        <p role="status">E-mail confirmado! Sua conta está ativa.</p>
        <Button className="w-full" onClick={onDone}>
          Entrar
        </Button>
      </div>
    );
  if (verify.isError)
    return (
      <div className="space-y-4 text-center">
        <p role="alert" className="text-red-700">
          {VERIFY_EMAIL_FAILED}
        </p>
        <Button className="w-full" onClick={onDone}>
          Voltar ao login
        </Button>
      </div>
    );
  return <p role="status" className="text-center">Confirmando seu e-mail...</p>;
}
