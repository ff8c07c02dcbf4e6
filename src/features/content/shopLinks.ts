import { EDDM_PLANNER_PATH } from '../../../contract/contentPages';
import { SHOP_SECTIONS } from '../shop/sections';

/** The words of a spec sheet's call to buy: the shop section it sends to, by name. */
export function shopLinkLabel(shopPath: string): string {
  if (shopPath === EDDM_PLANNER_PATH) return 'Plan an every-door mailing';
  const section = SHOP_SECTIONS.find((s) => `/shop/${s.slug}` === shopPath);
  return section ? `Shop ${section.title}` : 'Shop all media';
}
