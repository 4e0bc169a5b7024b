/**
 * A tab's writes (publish, unpublish, delete): one at a time, the answer's message or the refusal in the notice, then a
 * quiet reload. Usage: const { notice, busyId, run } = useContentWrites(reload); run(item.id, () => api(...), 'fallback').
 */
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api/auth.ts';
import type { Notice } from './ContentNotice.tsx';

export function useContentWrites(reload: (quiet?: boolean) => Promise<void>) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  /** Runs `write` for the item `id`; true when it succeeded. */
  const run = async (id: string, write: () => Promise<{ message: string }>, fallback: string): Promise<boolean> => {
    setBusyId(id);
    setNotice(null);
    try {
      const { message } = await write();
      setNotice({ tone: 'ok', text: message });
      await reload(true);
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, fallback) });
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return { notice, setNotice, busyId, run } as const;
}
