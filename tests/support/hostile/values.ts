import fc from 'fast-check';
import type { FieldTree } from './schemaFields';

/**
 * Values a client should never send, and the server must refuse with a 4xx and a message: text
 * PostgreSQL cannot store, numbers no column holds, the wrong kind of value, nesting deep enough to
 * break a recursive walk, and keys that mean something to JavaScript.
 */

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Text with every code unit possible, lone surrogates and NUL among them. */
export const rawText = fc.string({ unit: anyCodeUnit, maxLength: 40 });

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Puts `insert` somewhere inside `text`. */
const inserted = (text: string, insert: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.nat({ max: text.length }), insert)
    .map(([at, piece]) => `${text.slice(0, at)}${piece}${text.slice(at)}`);

/** A NUL or a lone surrogate somewhere in otherwise acceptable text. */
export const unstorableIn = (text: string) =>
  inserted(text, fc.constantFrom('\u0000', ...LONE_SURROGATES, '\u0000\u0000', 'a\ud800b'));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    ...LONE_SURROGATES,
    'x\udc00y',
    '\ud83d', // the first half of an emoji
    '😀',
    '\uFEFF',
    '\r\n',
    '%00',
    '%ZZ',
    '%ED%A0%80',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    'NaN',
    'Infinity',
    '-0',
    '1e999',
    '0x10',
    ' 12 ',
    '9'.repeat(400),
    '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  ),
  rawText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);

export const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    1e21,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MIN_VALUE,
    '1e999',
    '-1e999',
    'Infinity',
    'NaN',
    '0x7fffffff',
    '1_000',
    '',
    ' ',
    '12abc',
    '99999999999999999999999',
  ),
  fc.double(),
  fc.integer(),
);

/** Arrays and objects nested `depth` deep, as a value (JSON can carry it; forms flatten it). */
export const nested = (depth: number, leaf: unknown = 'x'): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [[]],
      JSON.parse('{"__proto__":{"polluted":1}}'),
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.constant('2027-01-04'), { minLength: 53, maxLength: 400 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 9, max: 2_000 }).map((depth) => nested(depth)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ constructor: { prototype: { x: 1 } } }, ['__proto__']) },
);

/** A bad value that still looks like the field's kind (so it passes the first checks), or any bad value. */
export function hostileFor(field: FieldTree | undefined, sample: unknown): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown>[] = [];
  if (typeof sample === 'string')
    near.push(unstorableIn(sample), fc.constant(`${sample}${sample}`.repeat(40)));
  if (typeof sample === 'number') near.push(fc.constantFrom(sample * 1e12, -sample, sample + 0.5, 2 ** 31));
  switch (field?.kind) {
    case 'string':
      near.push(hostileString);
      break;
    case 'number':
      near.push(hostileNumber);
      break;
    case 'choice':
      near.push(
        fc
          .constantFrom(...field.values)
          .chain((value) => fc.constantFrom(value.toUpperCase(), `${value}\u0000`)),
      );
      break;
    case 'array':
      near.push(
        fc.array(hostileFor(field.element, Array.isArray(sample) ? sample[0] : undefined), { maxLength: 4 }),
      );
      if (Array.isArray(sample) && sample.length)
        near.push(fc.constant(Array.from({ length: 500 }, () => sample[0])));
      break;
    case 'object':
    case 'record':
      if (sample && typeof sample === 'object' && !Array.isArray(sample))
        near.push(hostileVariant(sample as Record<string, unknown>, field));
      break;
  }
  return near.length
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...near) }, { weight: 2, arbitrary: hostileValue })
    : hostileValue;
}

/** Marks a field to leave out of the variant. */
const ABSENT = Symbol('absent');

/**
 * A hostile variant of a valid input: most often one or two of its fields spoiled (so the others
 * carry it past the first checks to the handler), sometimes every field, a field left out, or a key
 * of its own added.
 */
export function hostileVariant(
  sample: Record<string, unknown>,
  shape: FieldTree | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = shape?.kind === 'object' ? shape.fields : {};
  const keys = [...new Set([...Object.keys(sample), ...Object.keys(fields)])];
  const spoilt = (key: string): fc.Arbitrary<unknown> =>
    fc.oneof(
      { weight: 5, arbitrary: hostileFor(fields[key], sample[key]) },
      { weight: 1, arbitrary: fc.constant(ABSENT) },
    );
  const build = (changes: [string, unknown][], extra: [string, unknown] | null) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sample)) out[key] = value;
    for (const [key, value] of changes) {
      if (value === ABSENT) delete out[key];
      else out[key] = value;
    }
    if (extra)
      Object.defineProperty(out, extra[0], {
        value: extra[1],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  };
  if (keys.length === 0)
    return fc.option(fc.tuple(hostileString, hostileValue), { nil: null }).map((extra) => build([], extra));
  const few = fc
    .subarray(keys, { minLength: 1, maxLength: Math.min(2, keys.length) })
    .chain((chosen) =>
      fc.tuple(...chosen.map((key) => spoilt(key).map((value): [string, unknown] => [key, value]))),
    );
  const all = fc.tuple(...keys.map((key) => spoilt(key).map((value): [string, unknown] => [key, value])));
  const extra = fc.option(fc.tuple(hostileString, hostileValue), { nil: null, freq: 4 });
  return fc
    .tuple(fc.oneof({ weight: 4, arbitrary: few }, { weight: 1, arbitrary: all }), extra)
    .map(([changes, added]) => build(changes, added));
}
