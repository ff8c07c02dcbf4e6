import { use } from 'react';
import type { CompanyFacts } from '../../../contract/ui';
import { endSentence } from '../../lib/sentence';

/**
 * What the footer says of the company that runs the product, once the server's answer is in (nothing
 * without one): the sentence on who it is (`about`), or the copyright line with its address.
 */
export default function CompanyLines({
  company,
  part,
}: {
  company: Promise<CompanyFacts | null>;
  part: 'about' | 'copyright';
}) {
  const facts = use(company);
  if (!facts) return null;
  return part === 'about' ? (
    <p className="max-w-sm text-sm leading-relaxed">
      {facts.product} is a division of {facts.legal_name}, an ad-tech company helping local businesses buy the
      media their customers see, by zip code or market.
    </p>
  ) : (
    <p className="mx-auto max-w-page px-4 py-5 text-xs text-primary-200 tb:px-6 xl:px-10">
      © {new Date().getFullYear()} {endSentence([facts.legal_name, ...facts.address].join(', '))} All rights
      reserved.
    </p>
  );
}
