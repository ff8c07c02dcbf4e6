import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work belongs to, wherever it runs (a callback, a timer, a stream's
 * microtask): an exception nothing caught is logged with the id of the request that set it off.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const inRequest = <T>(requestId: string, work: () => T): T => requestContext.run({ requestId }, work);

/** The id of the request the running code works for, or null outside any request. */
export const currentRequestId = (): string | null => requestContext.getStore()?.requestId ?? null;
