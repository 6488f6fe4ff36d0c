/**
 * The footer's newsletter box (issue #13): checks the address, asks the
 * server, and says what happened in the live region under the box. Plain DOM.
 */
import { NEWSLETTER_MESSAGES, newsletterEmail } from '@portal/domain/newsletter';
import { ApiError, subscribeNewsletter } from './api.ts';

export function startNewsletter(root: ParentNode = document) {
  const form = root.querySelector<HTMLFormElement>('[data-newsletter]');
  const input = form?.querySelector<HTMLInputElement>('input[type="email"]');
  const status = root.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !input || !status || !button) return;
  const say = (message: string, error: boolean) => {
    status.textContent = message;
    status.dataset.state = error ? 'error' : 'ok';
    input.setAttribute('aria-invalid', String(error));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const email = newsletterEmail(input.value);
    if (!email) return say(NEWSLETTER_MESSAGES.invalidEmail, true);
    button.disabled = true;
    subscribeNewsletter(email)
      .then(
        (r) => {
          say(r.message, false);
          input.value = '';
        },
        (err: unknown) => say(err instanceof ApiError ? err.message : NEWSLETTER_MESSAGES.mailFailed, true),
      )
      .finally(() => (button.disabled = false));
  });
}
