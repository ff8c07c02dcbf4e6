import type { StaffList, StaffMember } from '../../contract/staff';
import { otpauthUri } from '../auth/totp';
import type { ServerConfig } from '../config';
import type { StaffRow } from '../data/staff';
import type { StaffInviteRow } from '../data/staffInvites';

export const staffMemberOf = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});

export const staffListEntryOf = (row: StaffRow): StaffList[number] => ({
  ...staffMemberOf(row),
  enrolled: row.enrolledAt !== null,
  disabled: row.disabledAt !== null,
  created_at: row.createdAt.toISOString(),
  rep_code: row.repCode,
});

/** What the audit log keeps of a person: never the password hash or the authenticator secret. */
export const staffAuditView = (row: StaffRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabledAt !== null,
  rep_code: row.repCode,
});

export const inviteAuditView = (row: StaffInviteRow) => ({
  email: row.email,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
});

/** The answer of setup and join: the authenticator app's URI, the one time the secret leaves the server. */
export const enrolmentOf = (config: Pick<ServerConfig, 'productName'>, row: StaffRow) => ({
  otpauth: otpauthUri(config.productName, row.email, row.totpSecret),
});
