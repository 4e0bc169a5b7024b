/** The event page's sign-up form code against a stand-in API: places left, prefill, the answer, a refusal under its field. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupEventRegistration, submitEventRegistration } from '../../../src/lib/browser/event-registration.ts';
import type { EventAvailability } from '../../../src/shared/events.ts';

const FORM = `
<section data-event-registration data-event="open-studio">
  <p data-places></p>
  <div role="status" data-outcome hidden></div>
  <form>
    <input name="name" /><p data-error-for="name" hidden></p>
    <input name="email" type="email" /><p data-error-for="email" hidden></p>
    <input name="seats" type="number" value="1" /><p data-error-for="seats" hidden></p>
    <p data-error-for="form" hidden></p>
    <button type="submit">Register</button>
  </form>
</section>`;

const availability = (over: Partial<EventAvailability> = {}): EventAvailability => ({
  eventId: 'e1',
  capacity: 120,
  confirmedSeats: 95,
  placesLeft: 25,
  waiting: 0,
  free: true,
  ticket: null,
  ended: false,
  ...over,
});

interface Answer {
  status: number;
  body: unknown;
}
let answers: Map<string, Answer>;
const calls: { url: string; init: RequestInit | undefined }[] = [];

beforeEach(() => {
  document.body.innerHTML = FORM;
  localStorage.clear();
  calls.length = 0;
  answers = new Map([['/api/events/open-studio/availability', { status: 200, body: availability() }]]);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.get(new URL(url, 'http://site.test').pathname) ?? { status: 404, body: {} };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The element `selector` finds; a missing one fails the test. */
function el(selector: string): HTMLElement {
  const found = document.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`no ${selector}`);
  return found;
}
function input(name: string): HTMLInputElement {
  const found = el(`input[name="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`${name} is no input`);
  return found;
}
const root = () => el('[data-event-registration]');
const text = (selector: string) => document.querySelector(selector)?.textContent;
const fill = (name: string, value: string) => {
  input(name).value = value;
};

describe('the event sign-up form', () => {
  it('shows the places left, or the waiting list with its button', async () => {
    setupEventRegistration(root());
    await vi.waitFor(() => expect(text('[data-places]')).toBe('25 places left'));
    answers.set('/api/events/open-studio/availability', {
      status: 200,
      body: availability({ confirmedSeats: 120, placesLeft: 0 }),
    });
    setupEventRegistration(root());
    await vi.waitFor(() => expect(text('[data-places]')).toBe('Full — join the waiting list'));
    expect(text('button')).toBe('Join the waiting list');
  });

  it("fills in a signed-in visitor's name and email, sending the token", async () => {
    localStorage.setItem('token', 'a'.repeat(43));
    answers.set('/api/auth/me', {
      status: 200,
      body: { first_name: 'Grace', last_name: 'Hopper', email: 'g@example.com' },
    });
    setupEventRegistration(root());
    await vi.waitFor(() => expect(input('email').value).toBe('g@example.com'));
    expect(input('name').value).toBe('Grace Hopper');
    const me = calls.find((c) => c.url.endsWith('/api/auth/me'));
    expect(new Headers(me?.init?.headers).get('authorization')).toBe(`Bearer ${'a'.repeat(43)}`);
  });

  it('sends the form and says the visitor is registered', async () => {
    answers.set('/api/events/open-studio/registrations', {
      status: 201,
      body: {
        message: "You're registered",
        status: 'confirmed',
        seats: 2,
        availability: availability({ placesLeft: 23 }),
      },
    });
    fill('name', 'Ada');
    fill('email', 'ada@example.com');
    fill('seats', '2');
    await submitEventRegistration(root());
    const sent = calls.find((c) => c.url.endsWith('/registrations'));
    expect(JSON.parse(typeof sent?.init?.body === 'string' ? sent.init.body : '')).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      seats: 2,
    });
    expect(text('[role="status"]')).toContain("You're registered");
    expect(text('[role="status"]')).toContain('ada@example.com');
    expect(el('form').hidden).toBe(true);
  });

  it('shows a refusal under the field it names and marks the field', async () => {
    answers.set('/api/events/open-studio/registrations', {
      status: 409,
      body: { message: 'This email address is already registered for this event.', field: 'email' },
    });
    await submitEventRegistration(root());
    const error = el('[data-error-for="email"]');
    expect(error.hidden).toBe(false);
    expect(error.textContent).toContain('already registered');
    expect(el('input[name="email"]').getAttribute('aria-invalid')).toBe('true');
    expect(el('form').hidden).toBe(false);
    expect(text('button')).toBe('Register');
  });
});
