/**
 * What an event changed in an actor: its state value and context before and after, as plain data
 * and as a list of the paths that differ. Contexts hold actor references, functions and the odd
 * cycle; they are written out as labels so that any context can be shown and compared.
 */

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

const isActorRef = (value: object): value is { id: string; sessionId: string } =>
  'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';

/** A value as JSON-safe data: actor references, functions, dates, maps and cycles written out. */
export function plain(value: unknown, seen = new WeakSet<object>()): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value !== 'object') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (isActorRef(value)) return `[actor ${value.id}]`;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => plain(item, seen));
    if (value instanceof Map)
      return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v, seen)]));
    if (value instanceof Set) return [...value].map((item) => plain(item, seen));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v, seen)]));
  } finally {
    seen.delete(value);
  }
}

export interface Change {
  /** Where, as a path: `context.items[0].qty`, `value.auth`. */
  path: string;
  before: Plain | undefined;
  after: Plain | undefined;
}

const isObject = (v: Plain | undefined): v is { [key: string]: Plain } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf path whose value differs between `before` and `after` (added and removed ones too). */
export function diff(before: Plain | undefined, after: Plain | undefined, path = ''): Change[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => diff(before[i], after[i], `${path}[${i}]`)).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diff(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
