import type { ServerConfig } from '../config';

/**
 * The line a first start prints while the back office has nobody (beside the outbox's): with
 * console.log, never the logger, since it carries the token, and logs are kept and shipped.
 */
export const staffSetupLine = (config: Pick<ServerConfig, 'publicUrl'>, token: string) =>
  `Staff setup: ${config.publicUrl}/admin/setup?token=${encodeURIComponent(token)}`;
