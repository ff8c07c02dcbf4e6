import type { ServerConfig } from '../../config';

/** What every e-mail says about who sends it: the product, the company that runs it and its address. */
export interface Brand {
  product: string;
  legalName: string;
  address: string[];
  /** The product's address, for links back to it. */
  url: string;
}

export const brandOf = (config: Pick<ServerConfig, 'productName' | 'company' | 'publicUrl'>): Brand => ({
  product: config.productName,
  legalName: config.company.legalName,
  address: config.company.address,
  url: config.publicUrl,
});
