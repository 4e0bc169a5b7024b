/**
 * The contact form: the message goes to POST /api/contact, and 'Message sent successfully!' shows
 * only once the server has answered that it stored it. The texts live in the page (the button's own text,
 * `data-busy`, and the status element's `data-success` / `data-failure`); a refusal shows the server's own sentence.
 */

/** The fields the form sends, the honeypot `website` among them. */
const FIELDS = ['name', 'email', 'subject', 'message', 'website'] as const;

/** What the status line shows after an answer: the page's success text, or a sentence saying what went wrong. */
export interface ContactOutcome {
  outcome: 'success' | 'failure';
  /** The server's sentence; undefined means the page's own text for the outcome. */
  text?: string;
  /** The field the refusal is about, to mark and focus. */
  field?: string;
}

/** Reads an answer of POST /api/contact: 2xx is success, anything else a failure with the server's sentence if it sent one. */
export function contactOutcome(status: number, body: unknown): ContactOutcome {
  if (status >= 200 && status < 300) return { outcome: 'success' };
  const data = body && typeof body === 'object' ? (body as { message?: unknown; field?: unknown }) : {};
  const text = typeof data.message === 'string' && data.message.trim() && status < 500 ? data.message : undefined;
  const field =
    typeof data.field === 'string' && (FIELDS as readonly string[]).includes(data.field) ? data.field : undefined;
  return { outcome: 'failure', ...(text ? { text } : {}), ...(field ? { field } : {}) };
}

/** Signed in, the message is the account's: its answer shows on /messages. */
function sessionHeader(): Record<string, string> {
  try {
    const token = localStorage.getItem('token');
    if (token) return { Authorization: `Bearer ${token}` };
  } catch {
    // No storage: sent as a guest's.
  }
  return {};
}

/** Posts the form's fields as JSON; the answer's status and body (null when it was not JSON). */
async function postMessage(form: HTMLFormElement): Promise<{ status: number; body: unknown }> {
  const data = new FormData(form);
  const payload = Object.fromEntries(
    FIELDS.map((name) => {
      const value = data.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  );
  const response = await fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...sessionHeader() },
    credentials: 'include',
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

export function setupContactForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  const status = form?.querySelector<HTMLElement>('[data-contact-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !button) return;
  const idle = button.textContent;

  // A field marked by a refusal is cleared of it as soon as it changes.
  form.addEventListener('input', (event) => (event.target as HTMLElement).removeAttribute('aria-invalid'));

  const send = async () => {
    button.disabled = true;
    button.textContent = button.dataset['busy'] ?? idle;
    status.textContent = '';
    delete status.dataset['outcome'];
    let result: ContactOutcome;
    try {
      const { status: code, body } = await postMessage(form);
      result = contactOutcome(code, body);
    } catch {
      result = { outcome: 'failure' };
    }
    if (result.outcome === 'success') form.reset();
    status.dataset['outcome'] = result.outcome;
    status.textContent = result.text ?? status.dataset[result.outcome] ?? '';
    button.disabled = false;
    button.textContent = idle;
    if (result.field) {
      const field = form.elements.namedItem(result.field);
      if (field instanceof HTMLElement) {
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      }
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    // The outcome shows in the status line: nothing waits for it.
    void send();
  });
}
