import { type ChildProcess, fork } from 'node:child_process';
import type { Held } from './connections';
import {
  FIRST_START_ENV,
  SPARE_ENV,
  SUPERVISOR_COMMAND_ENV,
  SUPERVISOR_PID_ENV,
  WORKER_INDEX_ENV,
} from './protocol';

/*
 * One server process as the supervisor keeps it, and how it is started: its own file so that the
 * supervisor reads as the policy (places, spare, stop), not as the details of forking a process.
 */

/** What a server process is started from. */
export interface ServerProcessScript {
  /** The server process's script, and the Node options it runs with (tsx's loader, for one). */
  script: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  /** How this supervisor was started, for messages that tell a person what to stop. */
  command: string;
}

export interface Worker {
  child: ChildProcess;
  role: 'serving' | 'spare';
  state: 'starting' | 'prepared' | 'ready' | 'stopping';
  startedAt: number;
  /** When it was asked to take a place (a promoted spare). */
  promotedAt: number | null;
  /** What it said it is stopping for, when it stopped of its own accord. */
  reason: string | null;
  /** Connections sent to it that it has not said it took, by id. */
  sent: Map<number, Held>;
}

/**
 * Starts a server process. `firstStart`: no process has served yet (it brings the database up to
 * date); `index`: the place of one of the first server processes (one-off work of a start runs in the first).
 */
export function forkServerProcess(
  from: ServerProcessScript,
  role: Worker['role'],
  firstStart: boolean,
  index?: number,
): Worker {
  const child = fork(from.script, [], {
    execArgv: from.execArgv,
    env: {
      ...from.env,
      [SUPERVISOR_PID_ENV]: String(process.pid),
      [SUPERVISOR_COMMAND_ENV]: from.command,
      [FIRST_START_ENV]: firstStart ? '1' : '0',
      [SPARE_ENV]: role === 'spare' ? '1' : '0',
      [WORKER_INDEX_ENV]: index === undefined ? '' : String(index),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  return {
    child,
    role,
    state: 'starting',
    startedAt: Date.now(),
    promotedAt: null,
    reason: null,
    sent: new Map(),
  };
}
