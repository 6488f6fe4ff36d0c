/** The privacy page's LGPD request form (issue #13): checks the address, asks the server, says what happened. */
import { NEWSLETTER_MESSAGES, newsletterEmail } from '@portal/domain/newsletter';
import { ApiError, requestPrivacy } from './api.ts';

export function startPrivacyRequest(root: ParentNode = document) {
  const form = root.querySelector<HTMLFormElement>('[data-privacy-request]');
  const status = form?.querySelector<HTMLElement>('[data-privacy-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !button) return;
  const say = (message: string, error: boolean) => {
    status.textContent = message;
    status.dataset.state = error ? 'error' : 'ok';
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const email = newsletterEmail(data.get('email'));
    if (!email) return say(NEWSLETTER_MESSAGES.invalidEmail, true);
    button.disabled = true;
    requestPrivacy(email, String(data.get('kind') ?? ''))
      .then(
        (r) => say(r.message, false),
        (err: unknown) => say(err instanceof ApiError ? err.message : NEWSLETTER_MESSAGES.mailFailed, true),
      )
      .finally(() => (button.disabled = false));
  });
}
