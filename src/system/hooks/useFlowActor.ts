import { useEffect, useRef, useState } from 'react';

interface Startable {
  start(): unknown;
  stop(): unknown;
}

/**
 * A flow's actor for as long as the component showing it (a quote, a checkout, the survey): created,
 * not started, on the first render; started when the component mounts; stopped when it unmounts.
 * Pass a function that creates it (`() => createActor(logic, { ...app.actorOptions, input })`).
 *
 * Not @xstate/react's useActorRef: that module's useSelector is in the first bundle (the header reads
 * the session through it), and using its useActorRef anywhere would bring XState's core there too.
 * React's StrictMode mounts twice in development: the stop waits a tick and a remount cancels it, so
 * the flow keeps its state.
 */
export function useFlowActor<TActor extends Startable>(create: () => TActor): TActor {
  const [actor] = useState(create);
  const pendingStop = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (pendingStop.current !== null) {
      clearTimeout(pendingStop.current);
      pendingStop.current = null;
    }
    actor.start();
    return () => {
      pendingStop.current = setTimeout(() => actor.stop(), 0);
    };
  }, [actor]);
  return actor;
}
