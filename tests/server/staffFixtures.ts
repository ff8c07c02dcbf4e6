import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { StaffMember, StaffRole } from '../../contract/staff';
import { hashPassword } from '../../server/auth/secrets';
import { newTotpSecret } from '../../server/auth/totp';
import { openStaffSession } from '../../server/data/staffSessions';
import { staff } from '../../server/db/schema';
import type { Harness } from './harness';

export const STAFF_PASSWORD = 'correct horse battery staple';

// Hashed once per test file: argon2id takes tens of milliseconds, and tests make many staff members.
let passwordHash: Promise<string> | null = null;
const fixtureHash = (): Promise<string> => {
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  return passwordHash;
};

/**
 * An enrolled staff member of `role` with a live session, written straight into the database (no
 * setup link, no TOTP round): what a test of a back-office route needs before calling it.
 * `now` is the harness clock's time; the session lasts 8 hours from it.
 */
export async function staffSession(
  h: Harness,
  role: StaffRole,
  options: { now?: Date; email?: string } = {},
): Promise<{ token: string; staff: StaffMember; totpSecret: string }> {
  const now = options.now ?? new Date();
  const email = options.email ?? `${role}-${randomBytes(4).toString('hex')}@staff.test`;
  const totpSecret = newTotpSecret();
  const [row] = await h.database.db
    .insert(staff)
    .values({
      email,
      name: `${role[0]?.toUpperCase()}${role.slice(1)} Tester`,
      role,
      passwordHash: await fixtureHash(),
      totpSecret,
      enrolledAt: now,
      createdAt: now,
    })
    .returning({ id: staff.id, email: staff.email, name: staff.name, role: staff.role });
  if (!row) throw new Error('The staff row was not written.');
  const { token } = await openStaffSession(h.database.db, row.id, now, 8, null);
  return { token, staff: row, totpSecret };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A JSON call of /api/v1/admin{path} with its status, headers and envelope; `from` hands it over as
 * from that client address (the socket's peer), as @hono/node-server does.
 */
export async function adminCall<T = unknown>(
  h: Pick<Harness, 'app'>,
  method: Method,
  path: string,
  options: { token?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const env = options.from ? { incoming: { socket: { remoteAddress: options.from } } } : undefined;
  const response = await h.app.request(
    `/api/v1/admin${path}`,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    env as never,
  );
  const text = await response.text();
  const body = (text.startsWith('{') ? JSON.parse(text) : {}) as {
    data?: T & { errors?: Record<string, string> };
    message?: string;
    meta?: Record<string, unknown>;
  };
  return { status: response.status, headers: response.headers, body };
}

/** The code an authenticator app shows for `secret` at `at`. */
export const totpCode = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
