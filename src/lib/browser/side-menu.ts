/** The slide-in side menu: opens from the hamburger; closes on a link, the overlay or Escape; keeps focus inside while open. */
export function setupSideMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-side-menu]');
  const opener = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  if (!menu || !opener) return;
  // Only what shows: the account items of the other signed-in state are display:none and cannot take focus.
  const focusables = () =>
    [...menu.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.getClientRects().length > 0);

  const open = () => {
    menu.toggleAttribute('inert', false);
    menu.setAttribute('data-open', '');
    opener.setAttribute('aria-expanded', 'true');
    document.body.style.overflow = 'hidden';
    focusables()[0]?.focus();
  };
  const close = () => {
    if (!menu.hasAttribute('data-open')) return;
    menu.removeAttribute('data-open');
    menu.toggleAttribute('inert', true);
    opener.setAttribute('aria-expanded', 'false');
    document.body.style.overflow = '';
    opener.focus();
  };

  opener.addEventListener('click', open);
  menu.querySelector('[data-menu-close]')?.addEventListener('click', close);
  menu.querySelector('[data-menu-overlay]')?.addEventListener('click', close);
  for (const link of menu.querySelectorAll('a[href]')) link.addEventListener('click', close);
  document.addEventListener('keydown', (event) => {
    if (!menu.hasAttribute('data-open')) return;
    if (event.key === 'Escape') close();
    if (event.key !== 'Tab') return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
}
