import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { createActor } from 'xstate';
import { selectTyped, typedSearchMachine } from '../../../../machines/admin/typedSearch.machine';
import { useLoadedApp } from '../../../system/AppContext';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Labelled } from './Labelled';

/**
 * The queue's words: the box keeps what is typed and sends it to the address once typing pauses
 * (machines/admin/typedSearch.machine.ts); bound straight to the address, the router's late answer
 * put back the old words between keystrokes.
 */
export function QueueSearchBox({
  text,
  onSearch,
  className,
  inputClassName,
}: {
  text: string;
  onSearch(text: string): void;
  className: string;
  inputClassName: string;
}) {
  const app = useLoadedApp();
  // The actor lives as long as the page; the filters it sends with are the newest ones.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  const box = useFlowActor(() =>
    createActor(
      typedSearchMachine.provide({ actions: { sendToAddress: (_, params) => search.current(params.text) } }),
      { ...app.actorOptions, input: { text } },
    ),
  );
  useEffect(() => {
    box.send({ type: 'search.addressChanged', text });
  }, [box, text]);
  const typed = useSelector(box, selectTyped);
  return (
    <Labelled label="Order number or company" className={className}>
      {(id) => (
        <input
          id={id}
          type="search"
          value={typed}
          onChange={(e) => box.send({ type: 'search.type', text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') box.send({ type: 'search.submit' });
          }}
          className={inputClassName}
          autoComplete="off"
        />
      )}
    </Labelled>
  );
}
