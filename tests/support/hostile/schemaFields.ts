import type { z } from 'zod';

/**
 * The shape of a contract schema as the hostile-input generators need it: which fields an object has
 * and what kind of value each takes, so a variant can send each field the wrong kind of value, a
 * right kind with bad text, or leave it out. Read from zod 4's definitions (`_zod.def`).
 */
export type FieldTree =
  | { kind: 'object'; fields: Record<string, FieldTree> }
  | { kind: 'array'; element: FieldTree }
  | { kind: 'record'; value: FieldTree }
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'choice'; values: string[] }
  | { kind: 'any' };

interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

export function fieldsOf(schema: z.ZodType, depth = 0): FieldTree {
  const def = definitionOf(schema);
  if (depth > 12) return { kind: 'any' };
  switch (def.type) {
    case 'object': {
      const fields: Record<string, FieldTree> = {};
      for (const [key, child] of Object.entries(def.shape ?? {})) fields[key] = fieldsOf(child, depth + 1);
      return { kind: 'object', fields };
    }
    case 'pipe':
      return def.in ? fieldsOf(def.in, depth + 1) : { kind: 'any' };
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return def.innerType ? fieldsOf(def.innerType, depth + 1) : { kind: 'any' };
    case 'array':
      return { kind: 'array', element: def.element ? fieldsOf(def.element, depth + 1) : { kind: 'any' } };
    case 'record':
      return { kind: 'record', value: def.valueType ? fieldsOf(def.valueType, depth + 1) : { kind: 'any' } };
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'choice', values: Object.values(def.entries ?? {}).map(String) };
    case 'literal':
      return { kind: 'choice', values: (def.values ?? []).map(String) };
    case 'union': {
      const options = (def.options ?? []).map((option) => fieldsOf(option, depth + 1));
      const choices = options.flatMap((o) => (o.kind === 'choice' ? o.values : []));
      if (choices.length === options.length) return { kind: 'choice', values: choices };
      return options.find((o) => o.kind !== 'choice') ?? { kind: 'any' };
    }
    default:
      return { kind: 'any' };
  }
}
