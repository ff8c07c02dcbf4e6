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
} as const;
