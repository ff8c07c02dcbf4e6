import { generateSecret, generateURI, verify } from 'otplib';

/** Codes last 30 seconds (what every authenticator app assumes from an otpauth URI without a period). */
const PERIOD_S = 30;

/** A new authenticator secret: base32 of 20 random bytes. */
export const newTotpSecret = (): string => generateSecret();

/** The URI an authenticator app reads from the QR code: SHA-1, 6 digits, 30 seconds. */
export const otpauthUri = (issuer: string, email: string, secret: string): string =>
  generateURI({ issuer, label: email, secret });

/**
 * The 30-second step of `code` if it is right at `now`, or in the period before or after (a phone's
 * clock a little off, a code typed as it turns over); null otherwise. The caller refuses a step it
 * already accepted, so no code works twice.
 */
export async function checkTotp(secret: string, code: string, now: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: PERIOD_S,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws on a malformed token or secret: that is a wrong code, not a server error.
    return null;
  }
}
