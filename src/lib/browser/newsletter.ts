/**
 * The newsletter's page scripts: the home page's sign-up form, and the confirm and unsubscribe pages that POST the
 * token from their link (a mailed link never confirms by a GET, which mail scanners open). Plain fetch and no
 * imports, so Astro inlines it (see layout.ts); the texts live in the pages.
 */

const apiBase = import.meta.env.PUBLIC_API_URL ?? '';

interface Answer {
  ok: boolean;
  message: string;
}

async function post(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${apiBase}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data: unknown = await res.json().catch(() => null);
  const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : '';
  return { ok: res.ok, message };
}

/** Wires the sign-up form: the server's answer (the same for every address) or its refusal shows below the form. */
export function setupNewsletterForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-newsletter-form]');
  const status = document.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  if (!form || !status || !button || !input) return;
  const idle = button.textContent ?? '';
  const failure = form.dataset['failure'] ?? '';

  const show = (outcome: 'success' | 'failure', text: string) => {
    status.dataset['outcome'] = outcome;
    status.textContent = text;
    input.setAttribute('aria-invalid', String(outcome === 'failure'));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    button.textContent = button.dataset['busy'] ?? idle;
    status.textContent = '';
    try {
      const answer = await post('/api/newsletter', { email: input.value });
      if (answer.ok) form.reset();
      show(answer.ok ? 'success' : 'failure', answer.message || failure);
    } catch {
      show('failure', failure);
    }
    button.disabled = false;
    button.textContent = idle;
  });
}

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
      const answer = await post(form.dataset['endpoint'] ?? '', { token });
      outcome = answer.ok ? 'success' : 'failure';
      text = answer.message || failure;
    } catch {
      // The failure text stays.
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
