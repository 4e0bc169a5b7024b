/**
 * The banner a settings preview shows at the top of every page: what the preview is, until when its link works, and
 * one button. It is fixed above the fixed header, which moves down by its height, as does the page. Styles are set
 * through the DOM, since the policy allows no inline style attribute. Text is only ever set as text: the server's
 * message is never parsed as HTML.
 */
import { formatDateTime } from '../format/dates.ts';

const BANNER_ID = 'settings-preview';

/** The button's label and what it does. */
export interface BannerAction {
  label: string;
  onClick: () => void;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  return el;
}

/** Room for the banner: the page and the fixed header start below it (none when it is gone). */
function makeRoom(): void {
  const height = document.getElementById(BANNER_ID)?.offsetHeight ?? 0;
  const top = height > 0 ? `${height}px` : '';
  document.body.style.paddingTop = top;
  const header = document.querySelector<HTMLElement>('body > header');
  if (header) header.style.top = top;
}

export function removePreviewBanner(): void {
  document.getElementById(BANNER_ID)?.remove();
  removeEventListener('resize', makeRoom);
  makeRoom();
}

/** Shows `message`, then when the link stops working (when `expiresAt` is a date), and the button. */
export function showPreviewBanner(message: string, expiresAt: string | null, action: BannerAction): void {
  removePreviewBanner();
  // The page's own background under the preview's tint (the /preview page's banner, PreviewReader.tsx), so that the
  // page scrolling beneath does not show through in the dark theme.
  const banner = element('aside', 'fixed inset-x-0 top-0 z-40 bg-white dark:bg-[#0b0f14]');
  banner.id = BANNER_ID;
  banner.setAttribute('aria-label', 'Preview');
  const tint = element(
    'div',
    'border-b border-amber-400/60 bg-amber-50 py-3 text-sm text-amber-950 dark:border-amber-300/30 dark:bg-amber-500/10 dark:text-amber-100',
  );
  const row = element('div', 'mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4');
  const text = element('p', 'm-0');
  text.append(message);
  const until = formatDateTime(expiresAt);
  if (expiresAt && until) {
    const time = element('time', '');
    time.dateTime = expiresAt;
    time.textContent = until;
    text.append(' This link works until ', time, '.');
  }
  const button = element(
    'button',
    'shrink-0 rounded-md border border-current px-3 py-1 font-semibold hover:bg-black/5 dark:hover:bg-white/10',
  );
  button.type = 'button';
  button.textContent = action.label;
  button.addEventListener('click', action.onClick);
  row.append(text, button);
  tint.append(row);
  banner.append(tint);
  document.body.prepend(banner);
  makeRoom();
  // The text wraps onto more lines on a narrower window.
  addEventListener('resize', makeRoom);
}
