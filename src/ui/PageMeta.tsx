import { useEffect } from 'react';
import { config } from '../config';

export const DEFAULT_DESCRIPTION =
  'Buy magazine, TV, streaming, out-of-home, online, direct mail and e-mail advertising by zip code or market, priced up front.';

/**
 * Sets the page's title and description for browsers and search engines while the page is shown,
 * updating the tags index.html starts with (so there is always exactly one of each).
 */
export function PageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
}: {
  title?: string;
  description?: string;
}) {
  useEffect(() => {
    document.title = title
      ? `${title} · ${config.productName}`
      : `${config.productName}: advertising by zip code or market`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
