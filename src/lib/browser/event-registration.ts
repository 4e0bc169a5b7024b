/**
 * A free event's sign-up form on its page (components/events/EventRegistration.astro): places left or the waiting
 * list, a signed-in visitor's name and email filled in, the sign-up sent and its answer shown. The page's inline
 * script loads this module by URL (standalone-modules.ts) when the form comes into view, so the page's first load
 * stays within a static page's script budget.
 */
import { fetchAvailability, fetchMe, RegistrationError, registerForEvent } from '../api/events.ts';
import { availabilityLine, type EventAvailability } from '../../shared/events.ts';

const FIELDS = ['name', 'email', 'seats'] as const;

function showAvailability(root: HTMLElement, a: EventAvailability): void {
  const places = root.querySelector<HTMLElement>('[data-places]');
  const button = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  const form = root.querySelector<HTMLFormElement>('form');
  if (a.ended) {
    if (places) places.textContent = 'Registration is closed: this event is over.';
    if (form) form.hidden = true;
    return;
  }
  const line = availabilityLine(a);
  if (places) places.textContent = line;
  if (button) button.textContent = line.startsWith('Full') ? 'Join the waiting list' : 'Register';
}

/** Places left and the prefill, once the form is in view. */
export function setupEventRegistration(root: HTMLElement): void {
  const key = root.dataset['event'] ?? '';
  void fetchAvailability(key).then(
    (a) => showAvailability(root, a),
    () => undefined,
  );
  void fetchMe().then((me) => {
    if (!me) return;
    for (const [name, value] of [
      ['name', me.name],
      ['email', me.email],
    ] as const) {
      const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (input && !input.value) input.value = value;
    }
  });
}

function showError(root: HTMLElement, field: string | undefined, message: string): void {
  const known = FIELDS.find((f) => f === field);
  const target = root.querySelector<HTMLElement>(`[data-error-for="${known ?? 'form'}"]`);
  if (target) {
    target.textContent = message;
    target.hidden = false;
  }
  if (known) {
    const input = root.querySelector<HTMLInputElement>(`input[name="${known}"]`);
    input?.setAttribute('aria-invalid', 'true');
    input?.focus();
  }
}

function clearErrors(root: HTMLElement): void {
  for (const error of root.querySelectorAll<HTMLElement>('[data-error-for]')) {
    error.hidden = true;
    error.textContent = '';
  }
  for (const input of root.querySelectorAll('input')) input.removeAttribute('aria-invalid');
}

/** Sends the form and shows the answer: registered, waiting, or the refusal under its field. */
export async function submitEventRegistration(root: HTMLElement): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('form');
  const button = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  const outcome = root.querySelector<HTMLElement>('[data-outcome]');
  if (!form || !button || !outcome || button.disabled) return;
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const idle = button.textContent;
  button.disabled = true;
  button.textContent = 'Registering...';
  clearErrors(root);
  try {
    const answer = await registerForEvent(root.dataset['event'] ?? '', {
      name: text('name'),
      email: text('email'),
      seats: Number(text('seats')),
    });
    showAvailability(root, answer.availability);
    form.hidden = true;
    const email = text('email').trim();
    outcome.hidden = false;
    outcome.replaceChildren(
      Object.assign(document.createElement('p'), { className: 'm-0 font-semibold', textContent: answer.message }),
      Object.assign(document.createElement('p'), {
        className: 'm-0 mt-1 text-sm text-gray-700 dark:text-gray-300',
        textContent:
          answer.status === 'confirmed'
            ? `We sent the details and a calendar file to ${email}.`
            : `We emailed ${email} and will write again as soon as a place opens up.`,
      }),
    );
  } catch (failure) {
    const refusal =
      failure instanceof RegistrationError ? failure : new RegistrationError('Something went wrong.', 0, undefined);
    showError(root, refusal.field, refusal.message);
  } finally {
    button.disabled = false;
    if (button.textContent === 'Registering...') button.textContent = idle;
  }
}
