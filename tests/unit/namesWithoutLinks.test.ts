import { describe, expect, it } from 'vitest';
import { containsDomain, containsLink, registerBody } from '../../contract/auth';

const registration = (fields: Record<string, string>) =>
  registerBody.safeParse({
    email: 'dana@bakery.example',
    password: 'correct horse battery',
    firstname: 'Dana',
    lastname: 'Reyes',
    company: 'Reyes Bakery',
    ...fields,
  });

describe('names shown in e-mails carry no web address (contract/auth.ts)', () => {
  it('finds a domain with a path anywhere, and keeps a company named like a website', () => {
    expect(containsLink('verify at paypal-login.com/secure')).toBe(true);
    expect(containsLink('secure-bank-login.com/verify')).toBe(true);
    expect(containsLink('see bank.co.uk/login now')).toBe(true);
    expect(containsLink('Booking.com')).toBe(false);
    expect(containsLink('Acme Inc.')).toBe(false);
    expect(containsLink('St. Louis Bakery')).toBe(false);
  });

  it('finds a domain in a person’s name, and keeps initials, titles and apostrophes', () => {
    for (const name of ['paypal-login.com', 'Dana.Reyes', 'bank.co'])
      expect(containsDomain(name), name).toBe(true);
    for (const name of ['J.R. Smith', 'St. Clair', "O'Neil", 'Jean-Luc', 'Mary Ann', 'Dr. Reyes'])
      expect(containsDomain(name), name).toBe(false);
  });

  it('refuses such names at registration with a sentence saying why, and takes real ones', () => {
    const refused = registration({ lastname: 'secure-bank-login.com' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Write the last name without a web address: it is shown in e-mails.',
    );
    expect(registration({ company: 'Your Bank secure-login.com/verify' }).success).toBe(false);
    expect(registration({ firstname: 'J.R.', lastname: "O'Neil", company: 'Booking.com' }).success).toBe(
      true,
    );
    expect(registration({ company: 'St. Louis Bakery, Inc.' }).success).toBe(true);
  });
});
