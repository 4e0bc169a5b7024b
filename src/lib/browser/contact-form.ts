/** How long the simulated send takes (spec: 1.5 s). Kept here, its only user, so the contact page loads no shared chunk. */
export const CONTACT_DELAY_MS = 1500;

export const CONTACT_TEXTS = {
  idle: 'Send Message',
  busy: 'Sending...',
  success: 'Message sent successfully!',
  failure: 'An error occurred. Please try again.',
} as const;

/** The spec's contact form makes no call: sending is simulated for 1.5 s, then the form is cleared. */
export function setupContactForm(send: () => Promise<void> = () => new Promise((r) => setTimeout(r, CONTACT_DELAY_MS))): void {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  const status = form?.querySelector<HTMLElement>('[data-contact-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !button) return;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    button.disabled = true;
    button.textContent = CONTACT_TEXTS.busy;
    status.textContent = '';
    try {
      await send();
      form.reset();
      status.className = 'm-0 min-h-6 text-green-600 dark:text-green-400';
      status.textContent = CONTACT_TEXTS.success;
    } catch {
      status.className = 'm-0 min-h-6 text-red-600 dark:text-red-400';
      status.textContent = CONTACT_TEXTS.failure;
    } finally {
      button.disabled = false;
      button.textContent = CONTACT_TEXTS.idle;
    }
  });
}
