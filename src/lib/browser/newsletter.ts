/**
 * The home page's newsletter sign-up form. Plain fetch and no imports, and no other page script imports it, so Astro
 * inlines it in the page instead of loading it as a module before the first paint (see layout.ts and
 * docs/performance.md); the texts live in the page. The confirm and unsubscribe pages have their own script
 * (newsletter-link.ts).
 */

const apiBase = import.meta.env.PUBLIC_API_URL ?? '';

interface Answer {
  ok: boolean;
  message: string;
}

async function post(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => null);
  const message =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : '';
  return { ok: res.ok, message };
}

/** Wires the sign-up form: the server's answer (the same for every address) or its refusal shows below the form. */
export function setupNewsletterForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-newsletter-form]');
  const status = document.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  if (!form || !status || !button || !input) return;
  const idle = button.textContent;
  const failure = form.dataset['failure'] ?? '';

  const show = (outcome: 'success' | 'failure', text: string) => {
    status.dataset['outcome'] = outcome;
    status.textContent = text;
    input.setAttribute('aria-invalid', String(outcome === 'failure'));
  };

  const send = async () => {
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
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // The answer shows in the status line: nothing waits for it.
    void send();
  });
}
