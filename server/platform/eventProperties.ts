import type { EventProperties } from '../db/schema';
import { BadInput } from '../http/validate';

const NOT_AN_OBJECT = 'properties: Properties must be a JSON object, like {"mediacode":"PM501-01"}.';

/**
 * An event's properties, sent as JSON text in one field: a flat object of strings, finite numbers and
 * booleans (else 400).
 */
export function eventProperties(raw: string | undefined): EventProperties {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadInput(NOT_AN_OBJECT);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadInput(NOT_AN_OBJECT);
  const properties: EventProperties = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (name.length > 64) throw new BadInput('properties: A property name is at most 64 characters.');
    const flat =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!flat) {
      throw new BadInput(
        `properties: Property values are strings, numbers or true/false (no lists, objects or null); "${name.slice(0, 64)}" is not.`,
      );
    }
    // defineProperty, not assignment: a property named __proto__ stays plain data.
    Object.defineProperty(properties, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return properties;
}
