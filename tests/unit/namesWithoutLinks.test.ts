import fc from 'fast-check';
import tlds from 'tlds';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { colleagueCreateBody, inviteBody, profileBody, registerBody } from '../../contract/auth';
import { containsDomain, containsLink } from '../../contract/links';

/** Every form that takes a name someone else reads in an e-mail, with its name fields as people read them. */
const NAME_FORMS: {
  form: string;
  schema: z.ZodType;
  valid: Record<string, string>;
  fields: Record<string, string>;
}[] = [
  {
    form: 'registration',
    schema: registerBody,
    valid: {
      email: 'dana@bakery.example',
      password: 'correct horse battery',
      firstname: 'Dana',
      lastname: 'Reyes',
      company: 'Reyes Bakery',
    },
    fields: { firstname: 'first name', lastname: 'last name', company: 'company name' },
  },
  {
    form: 'invitation',
    schema: inviteBody,
    valid: { email: 'sam@bakery.example', firstname: 'Sam', lastname: 'Okafor' },
    fields: { firstname: 'first name', lastname: 'last name' },
  },
  {
    form: 'a colleague’s sign-up',
    schema: colleagueCreateBody,
    valid: {
      uuid: '00000000-0000-4000-8000-000000000000',
      coid: '00000000-0000-4000-8000-000000000000',
      email: 'sam@bakery.example',
      password: 'correct horse battery',
      firstname: 'Sam',
      lastname: 'Okafor',
    },
    fields: { firstname: 'first name', lastname: 'last name' },
  },
  {
    form: 'profile and company rename',
    schema: profileBody,
    valid: { firstname: 'Dana' },
    fields: { firstname: 'first name', lastname: 'last name', company: 'company name' },
  },
];

const FORM_FIELDS = NAME_FORMS.flatMap(({ form, schema, valid, fields }) =>
  Object.entries(fields).map(([field, words]) => ({ form, field, words, schema, valid })),
);
/** A form and one of its name fields, by position (a counterexample then names it briefly). */
const formAndField = fc.nat(FORM_FIELDS.length - 1);
const formField = (index: number) => {
  const entry = FORM_FIELDS[index];
  if (!entry) throw new Error(`No form field ${index}`);
  return entry;
};

/** The messages a form's answer has for one field. */
function messagesFor(schema: z.ZodType, body: Record<string, string>, field: string): string[] {
  const parsed = schema.safeParse(body);
  return (parsed.error?.issues ?? [])
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);
}

// ---- link shapes --------------------------------------------------------------------------------

const ascii = (min: number, max: number) =>
  fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      minLength: min,
      maxLength: max,
    })
    .filter((label) => /^[a-z]/.test(label));
/** Labels of internationalised domains, as people type them and as punycode. */
const unicodeLabel = fc.constantFrom(
  'bücher',
  'пример',
  '例子',
  'münchen',
  'café',
  'παράδειγμα',
  'ไทย',
  'עברית',
);
const punycodeLabel = fc.constantFrom('xn--bcher-kva', 'xn--e1afmkfd', 'xn--fsqu00a', 'xn--caf-dma');
const label = fc.oneof({ weight: 4, arbitrary: ascii(1, 10) }, unicodeLabel, punycodeLabel);
const asciiTlds = tlds.filter((tld) => /^[a-z]+$/.test(tld));
const unicodeTlds = tlds.filter((tld) => !/^[a-z0-9-]+$/.test(tld));
/** Real endings: common ones, any of the list, internationalised ones in their script and as punycode. */
const realTld = fc.oneof(
  fc.constantFrom('com', 'net', 'org', 'io', 'co', 'uk', 'de', 'app', 'bank', 'zip', 'mov', 'shop'),
  fc.constantFrom(...asciiTlds),
  fc.constantFrom(...unicodeTlds),
  fc.constantFrom('xn--p1ai', 'xn--fiqs8s', 'xn--3e0b707e', 'xn--mgberp4a5d4ar'),
);
const casing = (text: string, upper: boolean) => (upper ? text.toUpperCase() : text);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 2 }), realTld, fc.boolean())
  .map(([labels, tld, upper]) => casing([...labels, tld].join('.'), upper));
const path = fc.constantFrom('/login', '/verify?id=1', '/a/b', '/', '/#top', '/%7Euser');
const optionalPath = fc.oneof(fc.constant(''), path);
const port = fc.integer({ min: 1, max: 65_535 });
const ipv6 = fc.ipV6().filter((address) => /[0-9a-f]/i.test(address));

/** The ways an address is written without a scheme, each a link to a mail client. */
const linkShape = fc.oneof(
  fc.tuple(domain, optionalPath).map(([host, rest]) => host + rest),
  fc.tuple(domain, ascii(1, 8)).map(([host, query]) => `${host}?${query}=1`),
  fc.tuple(domain, port, optionalPath).map(([host, p, rest]) => `${host}:${p}${rest}`),
  fc.tuple(ascii(1, 8), domain).map(([user, host]) => `${user}@${host}`),
  fc.tuple(fc.ipV4(), optionalPath).map(([ip, rest]) => ip + rest),
  fc.tuple(fc.ipV4(), port).map(([ip, p]) => `${ip}:${p}`),
  fc.tuple(ipv6, optionalPath).map(([ip, rest]) => `[${ip}]${rest}`),
  ipv6,
);

/**
 * Invisible and combining marks a linkifier reads past: zero-width (non-)joiner, soft hyphen, word
 * joiner, a low line and an enclosing circle (marks that never combine with a letter into another one).
 */
const mark = fc.constantFrom('\u200D', '\u200C', '\u00AD', '\u2060', '\u0332', '\u20DD');
/**
 * A domain as someone hiding it writes it: marks slipped in anywhere, text glued after its ending
 * (`evil.com-login`, `evil.com.x`), or in full-width letters; each still a link to `linkifyjs` or `linkify-it`.
 */
const disguisedDomain = fc.oneof(
  fc.tuple(domain, fc.array(fc.tuple(fc.nat(), mark), { minLength: 1, maxLength: 3 })).map(([host, marks]) =>
    marks.reduce((text, [at, m]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + m + text.slice(i);
    }, host),
  ),
  fc.tuple(domain, ascii(1, 6)).map(([host, rest]) => `${host}-${rest}`),
  fc.tuple(domain, ascii(1, 6)).map(([host, rest]) => `${host}.${rest}`),
  domain.map((host) =>
    [...host].map((c) => (/[a-z.]/i.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join(''),
  ),
);

const word = fc.constantFrom('Visit', 'Reyes', 'Bakery', 'verify', 'at', 'now', 'Inc.', '&', 'Café', '27');
const words = fc.array(word, { maxLength: 2 });
/** A link shape with other words around it, sometimes in brackets or before a comma. */
const nameWithLink = fc
  .tuple(
    words,
    fc.oneof({ weight: 3, arbitrary: linkShape }, disguisedDomain),
    fc.constantFrom(['', ''], ['(', ')'], ['', ','], ['"', '"']),
    words,
  )
  .map(([before, link, [open, close], after]) => [...before, `${open}${link}${close}`, ...after].join(' '));

// ---- ordinary names ---------------------------------------------------------------------------------

const letters = 'abcdefghijklmnopqrstuvwxyzéèüöñçøåłßжкл';
const lettersWord = fc
  .string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 9 })
  .map((w) => (w[0] ?? '').toUpperCase() + w.slice(1));
/** A word as names write it: `Reyes`, `O'Neil`, `Jean-Luc`, `Inc.`, `Sons,`, `J.R.`, `27`, `&`. */
const nameWord = fc.oneof(
  { weight: 6, arbitrary: lettersWord },
  fc.tuple(lettersWord, fc.constantFrom("'", '’', '-'), lettersWord).map(([a, mark, b]) => a + mark + b),
  fc.tuple(lettersWord, fc.constantFrom('.', ',')).map(([w, mark]) => w + mark),
  fc
    .array(fc.constantFrom(...'ABCDEFGHJKLMNPRSTW'), { minLength: 1, maxLength: 3 })
    .map((initials) => `${initials.join('.')}.`),
  fc.integer({ min: 1, max: 999 }).map(String),
  fc.constant('&'),
);
const ordinaryName = fc.array(nameWord, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));

describe('names shown in e-mails carry no link (contract/links.ts, contract/auth.ts)', () => {
  it('finds every generated link shape, alone or among other words', () => {
    fc.assert(
      fc.property(nameWithLink, (value) => {
        expect(containsLink(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses them in every form that takes a name, with a message naming the field and how to write it', () => {
    fc.assert(
      fc.property(formAndField, nameWithLink, (index, value) => {
        fc.pre(value.length <= 80);
        const { schema, valid, field, words } = formField(index);
        const messages = messagesFor(schema, { ...valid, [field]: value }, field);
        expect(messages.length, value).toBeGreaterThan(0);
        // A link hidden with invisible marks may be refused for the marks first: either names the field.
        expect([
          `Write the ${words} without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.`,
          `Keep the ${words} on one line, without invisible characters.`,
        ]).toContain(messages[0]);
        for (const message of messages) expect(message).toContain(`the ${words} `);
      }),
      { numRuns: 600 },
    );
  });

  it('takes names written with letters and the punctuation names use, in every form', () => {
    fc.assert(
      fc.property(formAndField, ordinaryName, (index, value) => {
        const { schema, valid, field } = formField(index);
        expect(containsLink(value), value).toBe(false);
        expect(containsDomain(value), value).toBe(false);
        expect(schema.safeParse({ ...valid, [field]: value }).success, value).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the names of the issue, and refuses the addresses its probe got through', () => {
    const ordinary = [
      'Smith & Sons, Inc.',
      'Acme Co.',
      "St. Mary's Bakery",
      'Café 27',
      '3M',
      'J.R. Smith',
      "O'Neil",
      'Jean-Luc',
      'Dr. Reyes',
      'A.C.E. Hardware',
      'No. 9 Diner',
    ];
    for (const name of ordinary) expect(containsLink(name), name).toBe(false);
    const probe = ['adlane-verify.com?session=1', '192.168.1.1/login', 'evil.com:8080', 'user@evil.com'];
    for (const name of [...probe, 'Booking.com', 'bücher.de', 'пример.рф', 'evil\u3002com'])
      expect(containsLink(name), name).toBe(true);
  });

  it('finds a domain in a person’s name whatever its ending, and keeps initials, titles and apostrophes', () => {
    for (const name of ['paypal-login.example', 'Dana.Reyes', 'bank.co'])
      expect(containsDomain(name), name).toBe(true);
    for (const name of ['J.R. Smith', 'St. Clair', "O'Neil", 'Jean-Luc', 'Mary Ann', 'Dr. Reyes'])
      expect(containsDomain(name), name).toBe(false);
    const refused = registerBody.safeParse({
      ...NAME_FORMS[0]?.valid,
      lastname: 'secure-bank-login.example',
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Write the last name without a web address ("Dana Reyes", not "Dana.Reyes"): it is shown in e-mails.',
    ]);
  });
});
