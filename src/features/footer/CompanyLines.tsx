import { use } from 'react';
import type { CompanyFacts } from '../../../contract/ui';
import { config } from '../../config';
import { endSentence } from '../../lib/sentence';

/**
 * What the footer says of the company that runs the product, once the server's answer is in (the
 * product's name alone without one): the sentence on who it is (`about`), or the copyright line.
 */
export default function CompanyLines({
  company,
  part,
}: {
  company: Promise<CompanyFacts | null>;
  part: 'about' | 'copyright';
}) {
  const facts = use(company);
  // An API that does not say who runs the product (the hosted one has no /ui/company) still gets a
  // footer: the product's own name, without a legal name the build would have to carry.
  if (part === 'about')
    return (
      <p className="max-w-sm text-sm leading-relaxed">
        {facts
          ? `${facts.product} is a division of ${facts.legal_name}, an ad-tech company helping`
          : `${config.productName} helps`}{' '}
        local businesses buy the media their customers see, by zip code or market.
      </p>
    );
  const owner = facts
    ? endSentence([facts.legal_name, ...facts.address].join(', '))
    : `${config.productName}.`;
  return (
    <p className="mx-auto max-w-page px-4 py-5 text-xs text-primary-200 tb:px-6 xl:px-10">
      © {new Date().getFullYear()} {owner} All rights reserved.
    </p>
  );
}
