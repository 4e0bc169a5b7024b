/** Shows the build's static grid until the list changes, then the island's own list. */
import { useEffect, useRef, type ReactNode } from 'react';
import { watchImageErrors } from './SafeImage.tsx';

interface StaticUntilChangedProps {
  /**
   * The grid the build rendered, which the page passes as the island's children: Astro renders it to static HTML
   * inside <astro-slot>, and React hydrates that slot without touching its content, so its cards never hydrate.
   */
  staticGrid?: ReactNode;
  /** Whether the items or the filters have changed since the build (useFilteredList's `changed`). */
  changed: boolean;
  /** The island's own list, shown once changed, or from the start when there is no pre-rendered grid. */
  children: ReactNode;
}

export default function StaticUntilChanged({ staticGrid, changed, children }: StaticUntilChangedProps) {
  const root = useRef<HTMLDivElement>(null);
  const showStatic = !changed && staticGrid != null;
  // The static cards have no SafeImage component watching their pictures: the same fallback, on the DOM.
  useEffect(() => {
    if (showStatic && root.current) watchImageErrors(root.current);
  }, [showStatic]);
  return showStatic ? <div ref={root}>{staticGrid}</div> : children;
}
