/** Closes a popover or an overlay on a press outside its elements and on Escape, while it is open. */
import { useEffect, useState, type RefObject } from 'react';

export function useDismiss(open: boolean, close: () => void, inside: readonly RefObject<HTMLElement | null>[]): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!inside.some((ref) => ref.current?.contains(target))) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
    // `inside` is a fresh array each render; the refs in it are stable.
  }, [open, close]);
}

/** Whether a media query matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
