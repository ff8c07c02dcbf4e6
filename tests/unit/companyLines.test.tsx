import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { CompanyFacts } from '../../contract/ui';
import CompanyLines from '../../src/features/footer/CompanyLines';

/** The footer's company lines as HTML text, once the API's answer (or its absence) is in. */
async function textOf(company: CompanyFacts | null, part: 'about' | 'copyright') {
  const { prelude } = await prerender(
    <Suspense>
      <CompanyLines company={Promise.resolve(company)} part={part} />
    </Suspense>,
  );
  const html = await new Response(prelude).text();
  return html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
}

describe('the footer’s company lines', () => {
  const facts: CompanyFacts = {
    product: 'Adlane',
    legal_name: 'Lumen Ad Technologies, Inc.',
    address: ['500 W Madison St', 'Chicago, IL 60661'],
  };

  it('name the company the server is configured to be run by', async () => {
    expect(await textOf(facts, 'about')).toContain('Adlane is a division of Lumen Ad Technologies, Inc.');
    expect(await textOf(facts, 'copyright')).toMatch(
      /^© \d{4} Lumen Ad Technologies, Inc., 500 W Madison St, Chicago, IL 60661\. All rights reserved\.$/,
    );
  });

  it('fall back to the product’s name when the API does not say who runs it (review of issue 28)', async () => {
    expect(await textOf(null, 'about')).toBe(
      'Adlane helps local businesses buy the media their customers see, by zip code or market.',
    );
    expect(await textOf(null, 'copyright')).toMatch(/^© \d{4} Adlane\. All rights reserved\.$/);
  });
});
