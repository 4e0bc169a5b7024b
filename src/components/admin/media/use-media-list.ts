/**
 * One page of the library for a query. Unlike useRemote, a new query keeps the page shown until the next one comes
 * (marked as loading), so the grid does not blink to a spinner at each keystroke or filter; the newest call wins.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchMedia } from '../../../lib/api/admin/media.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import type { MediaItem, MediaListAnswer } from '../../../shared/media-library.ts';
import { apiQuery, type MediaQuery } from './media-screen.ts';

interface ListState {
  data: MediaListAnswer | null;
  /** The query `data` answers: until the next answer, an older one than the screen's. */
  answers: MediaQuery | null;
  loading: boolean;
  error: string;
}

export function useMediaList(query: MediaQuery) {
  const [state, setState] = useState<ListState>({ data: null, answers: null, loading: true, error: '' });
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setState((s) => (s.loading && !s.error ? s : { ...s, loading: true, error: '' }));
    try {
      const data = await fetchMedia(apiQuery(query));
      if (call === latest.current) setState({ data, answers: query, loading: false, error: '' });
    } catch (error) {
      if (call === latest.current)
        setState((s) => ({ ...s, loading: false, error: errorMessage(error, 'Could not load the media library.') }));
    }
  }, [query]);

  useEffect(() => {
    void reload();
    // An answer that comes after the island is gone is dropped.
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  /** Shows a file's saved state in the page at once, before the page is read again. */
  const replaceItem = useCallback((item: MediaItem) => {
    setState((s) =>
      s.data ? { ...s, data: { ...s.data, items: s.data.items.map((i) => (i.id === item.id ? item : i)) } } : s,
    );
  }, []);

  return { ...state, reload, replaceItem } as const;
}
