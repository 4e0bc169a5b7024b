/**
 * The newsletter's confirm and unsubscribe pages: the token from their mailed link is POSTed (a mailed link never
 * confirms by a GET, which mail scanners open) through the API client; the texts live in the pages.
 */
import { errorMessage } from '../api/auth.ts';
import { api } from '../api/client.ts';

/**
 * The confirm or unsubscribe page: the token from `?token=` is POSTed at once (confirm, `data-auto`) or when the
 * visitor presses the button (unsubscribe, so a scanner that runs scripts cannot unsubscribe anyone); the server's
 * answer shows below.
 */
export function setupNewsletterLink(): void {
  const form = document.querySelector<HTMLFormElement>('[data-newsletter-link]');
  const status = document.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !button) return;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  // The token leaves the address bar (and so the history and any later Referer).
  history.replaceState(null, '', location.pathname);
  const failure = form.dataset['failure'] ?? '';
  if (token === '') {
    form.hidden = true;
    status.dataset['outcome'] = 'failure';
    status.textContent = form.dataset['missing'] ?? failure;
    return;
  }
  const send = async () => {
    button.disabled = true;
    let outcome: 'success' | 'failure' = 'failure';
    let text = failure;
    try {
      const answer = await api<{ message?: string }>(form.dataset['endpoint'] ?? '', {
        method: 'POST',
        body: { token },
      });
      outcome = 'success';
      if (answer.message) text = answer.message;
    } catch (error) {
      text = errorMessage(error, failure);
    }
    status.dataset['outcome'] = outcome;
    status.textContent = text;
    if (outcome === 'success') {
      // Done: the prompt and the button have nothing more to say.
      form.hidden = true;
      const intro = document.querySelector<HTMLElement>('[data-newsletter-intro]');
      if (intro) intro.hidden = true;
    } else button.disabled = false;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  if (form.dataset['auto'] !== undefined) void send();
}
