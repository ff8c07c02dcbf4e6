import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CONTENT_QUERIES } from '../../src/api/contentQueries';

const schema = buildSchema(readFileSync(new URL('../../contract/content.graphql', import.meta.url), 'utf8'));

describe("the SPA's content queries", () => {
  it.each(Object.entries(CONTENT_QUERIES))('%s is valid against contract/content.graphql', (_, query) => {
    expect(validate(schema, parse(query)).map((error) => error.message)).toEqual([]);
  });

  it('catch a field the schema does not have', () => {
    const broken = CONTENT_QUERIES.SPEC_SHEET.replace('shopPath', 'shop_path');
    expect(validate(schema, parse(broken)).map((error) => error.message)).toEqual([
      'Cannot query field "shop_path" on type "SpecSheet". Did you mean "shopPath"?',
    ]);
  });
});
