import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { createActor } from 'xstate';
import { selectTyped, typedSearchMachine } from '../../../machines/search/typedSearch.machine';
import { useApp } from '../AppContext';
import { useFlowActor } from './useFlowActor';

/**
 * A search box whose words live in the page's address (machines/search/typedSearch.machine.ts), for
 * the orders queue and the spec sheets alike: `text` is the address's words as the page reads them
 * now, `onSearch` puts new words there. Answers what the box shows and what its input does.
 */
export function useTypedSearch(
  text: string,
  onSearch: (text: string) => void,
  options: { trim?: boolean } = {},
) {
  const app = useApp();
  // The actor lives as long as the page; the words go through the newest callback (the queue's
  // carries the other filters as they are now).
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  const box = useFlowActor(() =>
    createActor(
      typedSearchMachine.provide({ actions: { sendToAddress: (_, params) => search.current(params.text) } }),
      { ...app?.actorOptions, input: { text, trim: options.trim ?? false } },
    ),
  );
  useEffect(() => {
    box.send({ type: 'search.addressChanged', text });
  }, [box, text]);
  return {
    typed: useSelector(box, selectTyped),
    type: (typed: string) => box.send({ type: 'search.type', text: typed }),
    /** Enter, or the form sent: the words go now. */
    submit: () => box.send({ type: 'search.submit' }),
  };
}
