/** The server's quote of the cart, asked again whenever the cart changes (here or in another tab); a newer answer wins. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { quoteCart } from '../../lib/api/checkout.ts';
import type { CartLine } from '../../shared/commerce.ts';
import type { Quote } from '../../shared/orders-customer.ts';

export type QuoteState =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; quote: Quote; refreshing: boolean };

export const QUOTE_FAILED = 'The prices could not be loaded. Please try again.';

export function useQuote(lines: readonly CartLine[]) {
  const [state, setState] = useState<QuoteState>({ state: 'loading' });
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    // The last quote stays on screen (marked busy) while a new one is asked for.
    setState((old) => (old.state === 'ready' ? { ...old, refreshing: true } : { state: 'loading' }));
    try {
      const quote = await quoteCart(lines);
      if (call === latest.current) setState({ state: 'ready', quote, refreshing: false });
    } catch (error) {
      if (call === latest.current) setState({ state: 'error', message: errorMessage(error, QUOTE_FAILED) });
    }
  }, [lines]);
  useEffect(() => {
    if (lines.length > 0) void reload();
    return () => {
      latest.current += 1;
    };
  }, [lines, reload]);
  return { quote: state, reload } as const;
}

/** Whether the quote can be ordered as it stands: every line available in the quantity in the cart. */
export function quoteIsOrderable(quote: Quote, lines: readonly CartLine[]): boolean {
  if (quote.problems.length > 0 || quote.lines.length === 0) return false;
  return lines.every((line) =>
    quote.lines.some((q) => q.productId === line.productId && q.available && q.quantity === line.quantity),
  );
}
