/** One API read with its loading and error states, and a retry; a newer load wins over a slower older one. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';

export type Remote<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/**
 * Loads on mount and on `reload()`; `quiet` reloads keep showing the last data (polling) instead of the spinner.
 * `fallback` is the line shown when the server sent no { message }.
 */
export function useRemote<T>(load: () => Promise<T>, fallback: string) {
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' });
  const latest = useRef(0);
  const reload = useCallback(
    async (quiet = false) => {
      const call = ++latest.current;
      if (!quiet) setRemote({ state: 'loading' });
      try {
        const data = await load();
        if (call === latest.current) setRemote({ state: 'ready', data });
      } catch (error) {
        if (call === latest.current) setRemote({ state: 'error', message: errorMessage(error, fallback) });
      }
    },
    [load, fallback],
  );
  useEffect(() => {
    void reload();
    // A load answered after the island is gone is dropped.
    return () => {
      latest.current += 1;
    };
  }, [reload]);
  return { remote, reload, set: (data: T) => setRemote({ state: 'ready', data }) } as const;
}
