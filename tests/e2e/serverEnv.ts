/**
 * Limits the end-to-end servers raise: every test's requests come from 127.0.0.1, so the limits per
 * client address (meant for strangers on the internet) would count the whole suite as one visitor.
 * The per-account limits keep their defaults.
 */
export const E2E_SERVER_ENV = {
  LIMIT_LOGIN_PER_ADDRESS: '10000/15m',
  LIMIT_REGISTER_PER_ADDRESS: '10000/1h',
  LIMIT_RESET_PER_ADDRESS: '10000/1h',
  LIMIT_SIGNIN_LINK_PER_ADDRESS: '10000/1h',
  LIMIT_CHAT_PER_ADDRESS: '10000/10m',
  LIMIT_EDDM_NEAR_PER_ADDRESS: '10000/1m',
} as const;

/**
 * The company the end-to-end server is configured to be run by (not the default), so a test sees
 * that a page names the server's company rather than a copy of its own.
 */
export const E2E_COMPANY = {
  legalName: 'Lakeshore Media Group, Inc.',
  address: ['500 N Michigan Ave', 'Chicago, IL 60611'],
} as const;
