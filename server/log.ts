import { type DestinationStream, type LevelWithSilent, type Logger, pino, stdTimeFunctions } from 'pino';

export type { Logger } from 'pino';

/**
 * Keys whose values never reach a log line, wherever a caller puts them (a line's own field, or a
 * field of one of its objects: `headers.cookie`, `user.token`). Database errors are handled by
 * `serializeError`, which drops their parameters.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'secret',
  'apiKey',
  'query',
  'querystring',
  'search',
  'params',
  'parameters',
  'body',
] as const;

const SECRETS: ReadonlySet<string> = new Set(SECRET_KEYS);
/** Fields `serializeError` writes. */
const SERIALIZED: ReadonlySet<string> = new Set(['err', 'error']);
const REDACTED = '[redacted]';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields with their secret keys' values replaced: themselves when they have none, else a copy.
 * `err` and `error` are pino's serializer's to make safe on a line's own fields; in an object put
 * into the message, where no serializer runs, they are serialized here (`serializeErrors`).
 */
function withoutSecretKeys(fields: Fields, nested: boolean, serializeErrors: boolean): Fields {
  let copy: Fields | null = null;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    let kept = value;
    if (SECRETS.has(key)) kept = value === undefined ? value : REDACTED;
    else if (SERIALIZED.has(key)) {
      if (serializeErrors && value !== undefined && value !== null) kept = serializeError(value);
    } else if (nested && isRecord(value)) kept = withoutSecretKeys(value, false, serializeErrors);
    if (kept === value) continue;
    copy ??= { ...fields };
    copy[key] = kept;
  }
  return copy ?? fields;
}

/**
 * A line's fields (or a child logger's) without secrets, at their top and one level down. This is
 * what pino's `redact` did with the paths `key`, `*.key` and `headers.key`, but its wildcard paths ran
 * for every field of every line: a request's child logger and access line cost some 16 µs, here 2.5
 * (scripts/bench-log.ts).
 */
export const redactSecrets = <T>(fields: T): T =>
  isRecord(fields) ? (withoutSecretKeys(fields, true, false) as T) : fields;

/** An object put into a message (`%j`, `%o`): an error serialized, any other object redacted. */
const safeInterpolated = (value: object): unknown =>
  value instanceof Error
    ? serializeError(value)
    : isRecord(value)
      ? withoutSecretKeys(value, true, true)
      : value;

/**
 * Fields of an error worth keeping: names and codes, never values. Whatever else a driver error
 * carries (`params`, `parameters`, `query`, `detail` with the failing row, `where`, `hint`,
 * `internalQuery`) is left out.
 */
const ERROR_FIELDS_KEPT = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'status',
];

// A PHC string has commas between its parameters (m=19456,t=2,p=1): it runs to a space or a quote.
const HASH = /\$argon2(?:id|i|d)\$[^\s"'`;]*/g;
const SCRYPT_HASH = /\$scrypt\$[^\s"'`;]*/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"'`,;]+/gi;

/** Removes what looks like a password hash or a credential from free text. */
export function scrubText(text: string): string {
  return text
    .replace(HASH, '[redacted hash]')
    .replace(SCRYPT_HASH, '[redacted hash]')
    .replace(BEARER, '$1 [redacted]');
}

/**
 * Drizzle's query error puts the statement's arguments in its message ("Failed query: …\nparams: …"),
 * PostgreSQL quotes the value it refused at the end of its message and the key a unique index
 * refused (`Key (email)=(…)`): all are cut, so a line names what failed without the row it failed on.
 */
function safeErrorMessage(error: Error & Record<string, unknown>): string {
  let message = String(error.message ?? '');
  if ('params' in error || 'parameters' in error || message.startsWith('Failed query:')) {
    const cut = message.indexOf('\nparams:');
    message = cut >= 0 ? message.slice(0, cut) : message;
  }
  // PostgreSQL ends a message about a refused value with the value: 'for type integer: "…"'.
  message = message.replace(/(:\s*)"[^"]*"\s*$/s, '$1"…"');
  message = message.replace(/(Key \(.*?\)=)\(.*?\)/gs, '$1(…)');
  return scrubText(message);
}

/** The stack's frames, under the safe message (a stack starts with the message it was made with). */
function safeStack(error: Error, message: string): string | undefined {
  if (!error.stack) return undefined;
  const frames = error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return `${error.name}: ${message}${frames ? `\n${frames}` : ''}`;
}

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/**
 * Serializes an error for a log line: its type, message and stack, the codes a database gives
 * (SQLSTATE, constraint, table), and its cause the same way; never the statement's parameters, the
 * failing row's values, or anything else an error object happens to carry.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: scrubText(String(error)) };
  }
  const fields = error as Error & Record<string, unknown>;
  const message = safeErrorMessage(fields);
  const serialized: SerializedError = { type: error.name || 'Error', message };
  const stack = safeStack(error, message);
  if (stack) serialized.stack = stack;
  for (const key of ERROR_FIELDS_KEPT) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') serialized[key] = value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

export interface LoggerOptions {
  /** pino's level; `silent` writes nothing. Defaults to LOG_LEVEL or `info`. */
  level?: LevelWithSilent;
  /** Where lines go (one JSON object per line); defaults to standard output. */
  destination?: DestinationStream;
}

/**
 * The server's logger: JSON lines (pino) with secrets redacted by key, errors serialized without
 * their parameters, and hashes or credentials scrubbed from messages. createApp takes one; main.ts
 * makes the process's, tests pass a silent one or one that captures its lines.
 */
export function createLogger({ level, destination }: LoggerOptions = {}): Logger {
  const options = {
    level: level ?? readLevel(process.env.LOG_LEVEL),
    base: undefined,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { log: redactSecrets },
    serializers: Object.fromEntries([...SERIALIZED].map((key) => [key, serializeError])),
    hooks: {
      // Objects after the first argument are interpolated into the message (`%j`, `%o`).
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg, i) => {
            if (typeof arg === 'string') return scrubText(arg);
            return i > 0 && typeof arg === 'object' && arg !== null ? safeInterpolated(arg) : arg;
          }),
        );
      },
    },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // pino writes a child's own fields once, as it makes the child, without formatters.bindings;
  // children inherit this from their parent.
  const makeChild = logger.child;
  logger.child = function child(this: Logger, bindings, childOptions) {
    return makeChild.call(this, redactSecrets(bindings), childOptions);
  } as Logger['child'];
  // The same for fields set on a logger later; children inherit both from their parent.
  const setBindings = logger.setBindings;
  logger.setBindings = function bind(this: Logger, bindings) {
    setBindings.call(this, redactSecrets(bindings));
  } as Logger['setBindings'];
  return logger;
}

/** A logger that writes nothing: the default of apps built in tests. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readLevel(value: string | undefined): LevelWithSilent {
  const level = value?.trim().toLowerCase();
  return LEVELS.find((known) => known === level) ?? 'info';
}
