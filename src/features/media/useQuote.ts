import { useEffect, useState } from 'react';
import type { Quote } from '../../../contract/quote';
import { fetchQuote } from '../../api/market';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading'; previous: Quote | null }
  | { status: 'ready'; quote: Quote }
  | { status: 'failed'; message: string };

const PAUSE_MS = 250;

/** The server's price for the chosen dates and quantity, asked again (after a short pause) when they change. */
export function useQuote(
  mediacode: string,
  dates: readonly string[],
  quantity: number | null,
  needsDates: boolean,
): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const key = `${dates.join(',')}|${quantity ?? ''}`;

  useEffect(() => {
    const chosen = key.split('|')[0]?.split(',').filter(Boolean) ?? [];
    if (quantity === null || (needsDates && chosen.length === 0)) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState((previous) => ({
      status: 'loading',
      previous: previous.status === 'ready' ? previous.quote : null,
    }));
    const timer = setTimeout(() => {
      fetchQuote(mediacode, chosen, quantity)
        .then((quote) => current && setState({ status: 'ready', quote }))
        .catch((error: unknown) => {
          if (!current) return;
          const cause =
            error instanceof Error ? (error.cause as { message?: string } | undefined) : undefined;
          setState({
            status: 'failed',
            message: cause?.message || 'The price could not be worked out. Please try again.',
          });
        });
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [mediacode, key, quantity, needsDates]);

  return state;
}
