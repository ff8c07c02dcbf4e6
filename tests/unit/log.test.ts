import { describe, expect, it } from 'vitest';
import { createLogger, scrubText, serializeError } from '../../server/log';

/** A logger whose lines the test reads (pino writes one JSON object per line). */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

/** An error shaped like drizzle's DrizzleQueryError around a PostgreSQL error, as the drivers throw them. */
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    severity: 'ERROR',
    constraint: 'users_email_key',
    table: 'users',
    detail: 'Key (email)=(ada@example.com) already exists.',
    where: 'unnamed portal parameter $2',
  });
  return Object.assign(
    new Error(
      `Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,${HASH}`,
    ),
    {
      name: 'DrizzleQueryError',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['ada@example.com', HASH],
      cause,
    },
  );
}

describe('serializeError', () => {
  it('keeps what failed and where, and leaves out the parameters and the failing row', () => {
    const serialized = serializeError(failedInsert());
    expect({ ...serialized, stack: undefined, cause: { ...serialized.cause, stack: undefined } }).toEqual({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      stack: undefined,
      cause: {
        type: 'Error',
        message: 'duplicate key value violates unique constraint "users_email_key"',
        stack: undefined,
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_email_key',
        table: 'users',
      },
    });
    expect(serialized.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "users".*\n\s+at /);
    const text = JSON.stringify(serialized);
    for (const secret of ['ada@example.com', '$argon2', 'params', 'portal parameter'])
      expect(text).not.toContain(secret);
  });

  it('cuts the value PostgreSQL quotes at the end of a message, and a refused key', () => {
    const refused = (message: string) => serializeError(new Error(message)).message;
    expect(refused('invalid input syntax for type integer: "my secret"')).toBe(
      'invalid input syntax for type integer: "…"',
    );
    expect(refused('date/time field value out of range: "2027-13-45"')).toBe(
      'date/time field value out of range: "…"',
    );
    expect(refused('could not create unique index "x": Key (email)=(ada@example.com) is duplicated.')).toBe(
      'could not create unique index "x": Key (email)=(…) is duplicated.',
    );
  });

  it('describes what is not an Error without throwing', () => {
    expect(serializeError(`Bearer abc.def ${HASH}`)).toEqual({
      type: 'string',
      message: 'Bearer [redacted] [redacted hash]',
    });
    expect(serializeError(null)).toEqual({ type: 'object', message: 'null' });
  });
});

describe('the logger', () => {
  it('redacts secrets by key and scrubs them from messages', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'hunter22hunter22',
        user: { token: 'tok_1', passwordHash: HASH },
        headers: { authorization: 'Bearer tok_2', cookie: 'a=b', 'set-cookie': 'c=d', accept: 'text/html' },
        query: 'code=abc',
      },
      `signed in with Bearer tok_3 and ${HASH}`,
    );
    expect(lines).toEqual([
      {
        level: 30,
        time: expect.any(String),
        password: '[redacted]',
        user: { token: '[redacted]', passwordHash: '[redacted]' },
        headers: {
          authorization: '[redacted]',
          cookie: '[redacted]',
          'set-cookie': '[redacted]',
          accept: 'text/html',
        },
        query: '[redacted]',
        msg: 'signed in with Bearer [redacted] and [redacted hash]',
      },
    ]);
  });

  it('redacts secrets in a child logger’s fields, in objects passed to the message, and in an error’s fields', () => {
    const { logger, lines } = capture();
    const child = logger.child({ requestId: 'r-2', token: 'tok_4', user: { refreshToken: 'tok_5', id: 7 } });
    child.info({ body: { password: 'hunter22hunter22' } }, 'sent %j', { apiKey: 'key_1', kept: 1 });
    const failure = Object.assign(new Error('it failed'), { query: 'select secret', code: 'E1' });
    logger.warn({ failure, err: failedInsert() }, 'both');
    const [first, second] = lines;
    expect(first).toEqual({
      level: 30,
      time: expect.any(String),
      requestId: 'r-2',
      token: '[redacted]',
      user: { refreshToken: '[redacted]', id: 7 },
      body: '[redacted]',
      msg: 'sent {"apiKey":"[redacted]","kept":1}',
    });
    expect(second?.failure).toEqual({ query: '[redacted]', code: 'E1' });
    expect(second?.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } });
    expect(JSON.stringify(second)).not.toContain('ada@example.com');
  });

  it('serializes errors in objects put into the message, and redacts fields set on a logger later', () => {
    const { logger, lines } = capture();
    logger.warn('failed %j', { error: failedInsert(), err: { token: 'tok_6', id: 3 } });
    logger.warn('thrown %j', failedInsert());
    const child = logger.child({ requestId: 'r-3' });
    child.setBindings({ token: 'tok_7', user: { password: 'hunter33hunter33' } });
    child.info('bound');
    const [first, second, third] = lines;
    const text = JSON.stringify(lines);
    for (const secret of ['ada@example.com', '$argon2', 'tok_6', 'tok_7', 'hunter33'])
      expect(text, secret).not.toContain(secret);
    expect(first?.msg).toContain('"type":"DrizzleQueryError"');
    expect(second?.msg).toContain('"type":"DrizzleQueryError"');
    expect(third).toMatchObject({ requestId: 'r-3', token: '[redacted]', user: { password: '[redacted]' } });
  });

  it('serializes an error under err the safe way', () => {
    const { logger, lines } = capture();
    logger.error({ err: failedInsert(), requestId: 'r-1' }, 'request failed');
    const [line] = lines;
    expect(line?.requestId).toBe('r-1');
    expect(JSON.stringify(line)).not.toContain('ada@example.com');
    expect(JSON.stringify(line)).not.toContain('$argon2');
  });

  it('writes nothing when silent', () => {
    const lines: string[] = [];
    createLogger({ level: 'silent', destination: { write: (line: string) => void lines.push(line) } }).error(
      'x',
    );
    expect(lines).toEqual([]);
  });

  it('scrubs hashes and credentials from any text', () => {
    expect(scrubText(`basic Zm9vOmJhcg== then ${HASH} and $scrypt$ln=15,r=8,p=1$abc`)).toBe(
      'basic [redacted] then [redacted hash] and [redacted hash]',
    );
  });
});
