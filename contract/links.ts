import tlds from 'tlds' with { type: 'json' };

/**
 * What a mail client makes clickable, whatever follows: any scheme written with `//` (`http://`,
 * `hxxp://`), the schemes that act without it (`javascript:`, `mailto:x`...), and an address
 * starting `www.`.
 */
const SCHEME =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:https?|ftp|file|javascript|vbscript|data|mailto):\S|\bwww\d{0,3}\./i;

/**
 * A domain-like word followed by a path, query, fragment or port (`login.example/verify`,
 * `verify.example?session=1`, `evil.example:8080`): an address even when its ending is no real TLD.
 */
const ADDRESS_SHAPE = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}(?:[/?#]|:\d)/i;

/** An e-mail address (`support@anything.example`): a mail client links it whatever its ending. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/** Four numbers with dots between (`192.168.1.1`): no name is written like that. */
const IPV4 = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d])/;

/** Candidates for an IPv6 literal, bracketed or not (`[2001:db8::1]`, `fe80::1`); `URL` decides. */
const IPV6_CANDIDATES = /[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,8}/gi;

/**
 * Words joined by dots, in any script (`bücher.de`, `пример.рф`, `xn--p1ai`), with the full stops
 * that `URL` reads as dots too (`evil。com`).
 */
const DOTTED_WORDS = /(?:[\p{L}\p{N}\p{M}-]+[.\u3002\uFF0E\uFF61])+[\p{L}\p{N}\p{M}-]+/gu;

/**
 * The WHATWG URL parser, as browsers and Node both have it. Declared here because contract/ is also
 * compiled for the machines, with neither the DOM's types nor Node's in scope (machines/tsconfig.json).
 */
declare const URL: new (input: string) => { hostname: string };

/** A host as a browser writes it (lower-case ASCII, punycode), or null when it is not one. */
function asciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

let knownEndings: ReadonlySet<string> | undefined;

/**
 * The real top-level domains in the ASCII form hosts end with: the internationalised ones of the list
 * are written in their own script (`рф`) and are compared as punycode (`xn--p1ai`), like the input.
 */
function realEndings(): ReadonlySet<string> {
  knownEndings ??= new Set(
    tlds.map((tld) => (/^[a-z0-9-]+$/.test(tld) ? tld : (asciiHost(`x.${tld}`)?.split('.').pop() ?? tld))),
  );
  return knownEndings;
}

const withoutMarks = (text: string) => text.normalize('NFKC').replace(/\p{M}/gu, '').toLowerCase();

let endingsWithoutMarks: ReadonlySet<string> | undefined;

/**
 * Whether a label is a real top-level domain, in whichever form it is written (`com`, `рф`,
 * `xn--p1ai`), or is one once combining marks are set aside on both sides: `co\u0332m` reads as `com`,
 * and a mark slipped into `ಭಾರತ` (whose vowel signs are marks too) still reads as that ending.
 */
function isRealTld(label: string): boolean {
  const ending = asciiHost(`x.${label.toLowerCase()}`)?.split('.').pop();
  if (ending !== undefined && realEndings().has(ending)) return true;
  endingsWithoutMarks ??= new Set(tlds.map(withoutMarks));
  return endingsWithoutMarks.has(withoutMarks(label));
}

/** A label and what it starts with before each of its hyphens: `com-login` → `com-login`, `com`. */
const hyphenPrefixes = (label: string) =>
  [...label.matchAll(/-/g)].map((hyphen) => label.slice(0, hyphen.index)).concat(label);

/**
 * Whether any word after a dot is a real top-level domain, or starts like one before a hyphen: a
 * linkifier reads `evil.com-login` and `evil.com.x` as `evil.com` followed by text.
 */
function holdsRealTld(words: string): boolean {
  return words
    .split(/[.\u3002\uFF0E\uFF61]/)
    .slice(1)
    .some((label) => hyphenPrefixes(label).some(isRealTld));
}

/**
 * The value as linkifiers read it: compatibility forms folded (`ｅｖｉｌ．ｃｏｍ`) and invisible format
 * marks (zero-width joiners, soft hyphens) taken out; and also without combining marks, for the
 * shapes found by pattern (`user@evil.co\u0332m`).
 */
const asLinkifiersRead = (value: string) => {
  const folded = value.normalize('NFKC').replace(/\p{Cf}/gu, '');
  return [folded, folded.replace(/\p{M}/gu, '')];
};

function holdsIpv6(value: string): boolean {
  for (const [candidate] of value.matchAll(IPV6_CANDIDATES))
    if (/[0-9a-f]/i.test(candidate) && asciiHost(`[${candidate}]`) !== null) return true;
  return false;
}

/**
 * Whether a value would put a link into the e-mails it appears in. A mail client links a bare domain
 * with a real ending (`Booking.com`, `evil.com:8080`, `bücher.de`) as readily as `https://...`, so a
 * name holding one is refused too; `J.R. Smith`, `St. Mary's` and `A.C.E. Hardware` end in no TLD.
 */
export function containsLink(value: string): boolean {
  return [value, ...asLinkifiersRead(value)].some(holdsLink);
}

function holdsLink(value: string): boolean {
  if (SCHEME.test(value) || ADDRESS_SHAPE.test(value) || EMAIL.test(value) || IPV4.test(value)) return true;
  if (holdsIpv6(value)) return true;
  for (const [words] of value.matchAll(DOTTED_WORDS)) if (holdsRealTld(words)) return true;
  return false;
}

/**
 * A web address in a person's name (`paypal-login.example`): names have no dot between letters followed
 * by a domain-like word, where `J.R. Smith`, `St. Clair` and `O'Neil` keep theirs.
 */
const DOMAIN_IN_NAME = /[\p{L}\d-]\.[a-z]{2,24}\b/iu;

/** Whether a person's name holds something shaped like a web address, real ending or not. */
export const containsDomain = (value: string) => DOMAIN_IN_NAME.test(value);
