import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  type Page,
  type PagedListMachine,
  type PagedListStatus,
  selectPagedListStatus,
  selectPages,
  selectPagesError,
} from '../../../machines/pages/pagedList.machine';
import {
  type RequestMachine,
  type RequestSnapshot,
  type RequestStatus,
  selectCurrentAnswer,
  selectRequestData,
  selectRequestError,
  selectRequestStatus,
} from '../../../machines/request/request.machine';
import { useLoadedApp } from '../AppContext';
import { useFlowActor } from './useFlowActor';

/** An actor of a keyed request (machines/request): its status, its answer, its failure. */
export type RequestActor<TKey, TData> = ActorRefFrom<RequestMachine<TKey, TData>>;

// Without an actor (the app still loading, nobody to ask for) nothing is asked.
const statusOf = <TKey, TData>(s: RequestSnapshot<TKey, TData> | undefined): RequestStatus =>
  s ? selectRequestStatus(s) : 'idle';
const dataOf = <TKey, TData>(s: RequestSnapshot<TKey, TData> | undefined): TData | null =>
  s ? selectRequestData(s) : null;
const currentAnswerOf = <TKey, TData>(s: RequestSnapshot<TKey, TData> | undefined): TData | null =>
  s ? selectCurrentAnswer(s) : null;
const errorOf = <TKey, TData>(s: RequestSnapshot<TKey, TData> | undefined): string | null =>
  s ? selectRequestError(s) : null;

export const useRequestStatus = <TKey, TData>(actor: RequestActor<TKey, TData> | undefined): RequestStatus =>
  useSelector(actor, statusOf<TKey, TData>);
/** The last answer: while the next key loads, the one before it. */
export const useRequestData = <TKey, TData>(actor: RequestActor<TKey, TData> | undefined): TData | null =>
  useSelector(actor, dataOf<TKey, TData>);
/** The answer to the key of the moment only: never another key's (another customer's). */
export const useCurrentAnswer = <TKey, TData>(actor: RequestActor<TKey, TData> | undefined): TData | null =>
  useSelector(actor, currentAnswerOf<TKey, TData>);
export const useRequestError = <TKey, TData>(actor: RequestActor<TKey, TData> | undefined): string | null =>
  useSelector(actor, errorOf<TKey, TData>);

/**
 * A page's keyed request, made with the app's actor options and asked again whenever `key` changes
 * in value (the machine compares keys by value, so a key built afresh on each render asks nothing).
 */
export function useKeyedRequest<TKey, TData>(logic: () => RequestMachine<TKey, TData>, key: TKey | null) {
  const app = useLoadedApp();
  const actor = useFlowActor(() => createActor(logic(), { ...app.actorOptions, input: { key: null } }));
  useEffect(() => actor.send({ type: 'request.keyChanged', key }), [actor, key]);
  return {
    status: useRequestStatus(actor),
    data: useRequestData(actor),
    error: useRequestError(actor),
    retry: () => actor.send({ type: 'request.retry' }),
  };
}

/** An actor of a list shown a page at a time (machines/pages). */
export type PagedListActor<TPage extends Page> = ActorRefFrom<PagedListMachine<TPage>>;

export const usePages = <TPage extends Page>(actor: PagedListActor<TPage>): readonly TPage[] =>
  useSelector(actor, selectPages<TPage>);
export const usePagedListStatus = <TPage extends Page>(actor: PagedListActor<TPage>): PagedListStatus =>
  useSelector(actor, selectPagedListStatus<TPage>);
export const usePagesError = <TPage extends Page>(actor: PagedListActor<TPage>): string | null =>
  useSelector(actor, selectPagesError<TPage>);
