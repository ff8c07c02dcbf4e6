import { currentRequestId } from './http/requestContext';
import type { Logger } from './log';

/**
 * What a server process does with an error nothing caught. An exception thrown outside every
 * request's handling (a stream's callback, a timer) would end the process with a stack trace on
 * standard error and no request id: it is logged with the request it came from, and `onUncaught`
 * stops the process (its state is unknown now; the supervisor starts another). A rejected promise
 * nobody waited for is logged the same way, and the process serves on: nothing was interrupted.
 */
export function containCrashes(logger: Logger, onUncaught: () => void): void {
  let crashed = false;
  process.on('uncaughtException', (error, origin) => {
    logger.fatal(
      { err: error, origin, requestId: currentRequestId() },
      crashed
        ? 'Another uncaught exception while stopping: exiting now.'
        : 'An uncaught exception: this server process stops, and a new one takes its place.',
    );
    if (crashed) process.exit(1);
    crashed = true;
    onUncaught();
  });
  process.on('unhandledRejection', (reason) => {
    logger.error(
      { err: reason, requestId: currentRequestId() },
      'A promise failed with nothing waiting for it; the server goes on.',
    );
  });
}
