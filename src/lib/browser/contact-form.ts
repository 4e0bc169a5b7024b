/** How long the simulated send takes (spec: 1.5 s). */
export const CONTACT_DELAY_MS = 1500;

/**
 * The spec's contact form makes no call: sending is simulated for 1.5 s, then the form is cleared. Its texts live in
 * the page (the button's own text, `data-busy`, and the status element's `data-success` / `data-failure`), so this
 * script, which the page runs on every visit, carries none of them.
 */
export function setupContactForm(send: () => Promise<void> = () => new Promise((r) => setTimeout(r, CONTACT_DELAY_MS))): void {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  const status = form?.querySelector<HTMLElement>('[data-contact-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !button) return;
  const idle = button.textContent ?? '';

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    button.disabled = true;
    button.textContent = button.dataset['busy'] ?? idle;
    status.textContent = '';
    let outcome: 'success' | 'failure' = 'success';
    try {
      await send();
      form.reset();
    } catch {
      outcome = 'failure';
    }
    status.dataset['outcome'] = outcome;
    status.textContent = status.dataset[outcome] ?? '';
    button.disabled = false;
    button.textContent = idle;
  });
}
