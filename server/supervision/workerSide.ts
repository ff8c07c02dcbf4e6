import { Socket } from 'node:net';
import type { HttpService } from '../lifecycle';
import { isToWorker, type ToSupervisor } from './protocol';

/*
 * A server process's side of the talk with its supervisor (server/worker.ts): what it tells it, its
 * wait to be promoted (a spare), and the connections and stops it receives. Its own file: the IPC
 * of protocol.ts as a server process speaks it, apart from how the process starts.
 */

/** Tells the supervisor, when there is one. */
export const tellSupervisor = (message: ToSupervisor) => {
  if (process.connected) process.send?.(message);
};

/** Says it is prepared, and resolves once the supervisor gives it a place to serve. */
export const promotion = () =>
  new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isToWorker(message) || message.type !== 'promote') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    tellSupervisor({ type: 'prepared' });
  });

/**
 * Serves the connections the supervisor hands over, and stops when it says so, when it is gone, or
 * on a SIGTERM sent to this process alone.
 */
export function serveForSupervisor(
  service: Pick<HttpService, 'accept'>,
  onStop: (signal: NodeJS.Signals) => void,
): void {
  process.on('message', (message, handle) => {
    if (!isToWorker(message)) return;
    if (message.type === 'connection' && handle instanceof Socket) {
      tellSupervisor({ type: 'took', id: message.id });
      // What the supervisor read while it held the connection comes first.
      if (message.head) handle.unshift(Buffer.from(message.head, 'base64'));
      service.accept(handle);
    } else if (message.type === 'stop') onStop(message.signal);
  });
  // The supervisor is gone, and with it the listening socket: what this process has is answered.
  process.once('disconnect', () => onStop('SIGTERM'));
  if (!process.connected) onStop('SIGTERM');
  // A SIGTERM sent to this process alone recycles it: its supervisor puts another in its place.
  process.on('SIGTERM', () => {
    tellSupervisor({ type: 'stopping', reason: 'SIGTERM' });
    onStop('SIGTERM');
  });
}
