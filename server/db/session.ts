import pg from 'pg';

/**
 * One PostgreSQL connection of a server process's own, outside its pool, for what lives as long as a
 * connection: LISTEN (catalogue changes, requests to release an upload) and session advisory locks
 * (an upload's lock). A pooled connection would not do: a session lock stays with the pooled session
 * after its holder gave the connection back, and is re-entrant for whoever takes it next.
 *
 * It connects on first use, and after a lost connection (a database restart, a network cut) it
 * connects again, waiting longer each time (0.5 s up to 10 s), LISTENs again on every channel and
 * says so, since notifications sent meanwhile are lost and its locks are gone.
 */
export interface Session {
  /** Runs one statement on the session's connection (connecting first if need be); its rows. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /**
   * Calls `onPayload` with each notification on `channel` from any other connection, and
   * `onReconnect` each time the session is back after a loss (whatever was sent meanwhile is lost).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<{ close(): Promise<void> }>;
  /** Called when the connection is lost: every lock taken on it is gone. */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;

interface Listener {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

export function openSession(url: string): Session {
  const channels = new Map<string, Set<Listener>>();
  const lostListeners = new Set<(error: Error) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  /** The session's own backend: what it sent itself (a release request) is not news to it. */
  let ownPid = 0;
  let hadConnection = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const lost = (gone: pg.Client, error: Error) => {
    if (client !== gone) return;
    client = null;
    gone.end().catch(() => {});
    if (closed) return;
    for (const listener of lostListeners) listener(error);
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connected().catch(() => {});
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({ connectionString: url, application_name: 'adlane-session' });
    fresh.on('error', (error) => lost(fresh, error));
    fresh.on('end', () => lost(fresh, new Error('The session connection ended.')));
    fresh.on('notification', ({ processId, channel, payload }) => {
      if (processId === ownPid) return;
      for (const listener of channels.get(channel) ?? []) listener.onPayload(payload ?? '');
    });
    try {
      await fresh.connect();
      const [row] = (await fresh.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      ownPid = row?.pid ?? 0;
      for (const channel of channels.keys()) await fresh.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      fresh.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await fresh.end().catch(() => {});
      throw new Error('The session is closed.');
    }
    client = fresh;
    retryMs = FIRST_RETRY_MS;
    const reconnected = hadConnection;
    hadConnection = true;
    if (reconnected)
      for (const listeners of channels.values()) for (const listener of listeners) listener.onReconnect?.();
    return fresh;
  };

  const connected = (): Promise<pg.Client> => {
    if (closed) return Promise.reject(new Error('The session is closed.'));
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    // A first connection that fails is the caller's error; one lost later is tried again.
    return connecting.catch((error: unknown) => {
      if (hadConnection) scheduleRetry();
      throw error;
    });
  };

  return {
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const on = await connected();
      return (await on.query<R>(text, values)).rows;
    },
    async listen(channel, onPayload, onReconnect) {
      const listener: Listener = { onPayload, onReconnect };
      const listeners = channels.get(channel) ?? new Set<Listener>();
      const first = listeners.size === 0;
      listeners.add(listener);
      channels.set(channel, listeners);
      // A connection made from here on LISTENs on it anyway.
      const on = await connected();
      if (first && on === client) await on.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return {
        async close() {
          listeners.delete(listener);
          if (listeners.size > 0) return;
          channels.delete(channel);
          await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        },
      };
    },
    onLost(listener) {
      lostListeners.add(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
