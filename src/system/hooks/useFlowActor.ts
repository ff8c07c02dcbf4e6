import { useEffect, useRef, useState } from 'react';

/** What a flow's actor shows of itself: whether it runs, and its state's tags. */
interface FlowSnapshot {
  status: string;
  hasTag?(tag: string): boolean;
}

/** The part of an XState actor the flows' hook uses (no import of XState's core: see useFlowActor). */
export interface FlowActor {
  start(): unknown;
  stop(): unknown;
  getSnapshot(): FlowSnapshot;
  subscribe(observer: {
    next?: (snapshot: FlowSnapshot) => void;
    error?: (error: unknown) => void;
    complete?: () => void;
  }): { unsubscribe(): void };
}

/** The tag of a state whose request the server may already have acted on (an order, an item into the cart). */
export const COMMITTING = 'committing';

const isCommitting = (snapshot: FlowSnapshot) =>
  snapshot.status === 'active' && snapshot.hasTag?.(COMMITTING) === true;

/**
 * Stops a flow's actor whose page is gone, once nothing it committed is still on its way: a commit's
 * answer is still taken and handed to the app (the cart, the toasts, the session). Answers a way to
 * call the stop off (the page came back).
 */
export function stopWhenSettled(actor: FlowActor): () => void {
  if (!isCommitting(actor.getSnapshot())) {
    actor.stop();
    return () => {};
  }
  // Subscribers hear of later changes only, so `subscription` is set before `settle` can run.
  let settled = false;
  const settle = (stop: boolean) => {
    if (settled) return;
    settled = true;
    subscription.unsubscribe();
    if (stop) actor.stop();
  };
  const subscription = actor.subscribe({
    next: (snapshot) => {
      if (!isCommitting(snapshot)) settle(true);
    },
    error: () => settle(true),
    complete: () => settle(true),
  });
  return () => settle(false);
}

/**
 * A flow's actor for as long as the component showing it (a quote, a checkout, the survey): created,
 * not started, on the first render; started when the component mounts; stopped when it unmounts, once
 * a commit on its way (a state tagged `committing`) has its answer (stopWhenSettled).
 * Pass a function that creates it (`() => createActor(logic, { ...app.actorOptions, input })`); it is
 * given `isShown`, which tells whether the component is still on screen: an answer that comes after
 * the page closed (a commit's, kept by stopWhenSettled) must not move the visitor from where they went.
 *
 * Not @xstate/react's useActorRef: that module's useSelector is in the first bundle (the header reads
 * the session through it), and using its useActorRef anywhere would bring XState's core there too.
 * React's StrictMode mounts twice in development: the stop waits a tick and a remount cancels it, so
 * the flow keeps its state.
 */
export function useFlowActor<TActor extends FlowActor>(create: (isShown: () => boolean) => TActor): TActor {
  const shown = useRef(false);
  const [actor] = useState(() => create(() => shown.current));
  const cancelStop = useRef<(() => void) | null>(null);
  useEffect(() => {
    shown.current = true;
    cancelStop.current?.();
    cancelStop.current = null;
    actor.start();
    return () => {
      shown.current = false;
      const timer = setTimeout(() => {
        cancelStop.current = stopWhenSettled(actor);
      }, 0);
      cancelStop.current = () => clearTimeout(timer);
    };
  }, [actor]);
  return actor;
}
