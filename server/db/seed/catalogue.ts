import type { SeedMarket } from './geography';
import type { MarketSeed, SeedMedia } from './media/common';
import { designServices } from './media/designServices';
import { audienceMail, everyDoorMail } from './media/directMail';
import { emailLists } from './media/emailLists';
import { onlineCampaigns } from './media/onlineCampaigns';
import { printMagazines } from './media/printMagazines';
import { screenNetworks } from './media/screenNetworks';
import { streamingTv } from './media/streamingTv';
import { tvStations } from './media/tvStations';
import { Random } from './random';

/** What one market's seed is: its size, codes and random sequence, for every channel in turn. */
function marketSeed(market: SeedMarket, marketCount: number): MarketSeed {
  const random = new Random(`media:${market.prodcode}`);
  const size = 1 - market.rank / marketCount; // 1 for the largest market, ~0 for the smallest
  return {
    market,
    random,
    scale: (min, max) => min + (max - min) * size * (0.75 + random.next() * 0.25),
    code: (prefix, n) => `${prefix}${market.prodcode.slice(3)}-${String(n).padStart(2, '0')}`,
    inMarket: (base) => ({ ...base, prodcode: market.prodcode }),
  };
}

/**
 * Builds the catalogue: for every market its magazines, TV stations, streaming audiences, screen
 * networks, online campaigns and mailings; plus the national e-mail lists and design services.
 * The same markets always give the same catalogue: the channels draw from one random sequence per
 * market in this order, so the order is part of the data.
 */
export function buildCatalogue(markets: readonly SeedMarket[]): SeedMedia[] {
  const callSigns = new Set<string>();
  const local = markets.flatMap((market) => {
    const seed = marketSeed(market, markets.length);
    return [
      ...printMagazines(seed),
      ...tvStations(seed, callSigns),
      ...streamingTv(seed),
      ...screenNetworks(seed),
      ...onlineCampaigns(seed),
      ...everyDoorMail(seed),
      ...audienceMail(seed),
    ];
  });
  return [...local, ...emailLists(), ...designServices()];
}
