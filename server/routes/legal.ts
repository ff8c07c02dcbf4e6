import type { Handler } from 'hono';
import type { ServerConfig } from '../config';
import type { AppEnv } from '../env';
import { LEGAL_PDFS, withCompany } from '../legal/legalPdfs';
import type { StaticSite } from '../static/site';

const isLegalPdf = (file: string): file is (typeof LEGAL_PDFS)[number] =>
  (LEGAL_PDFS as readonly string[]).includes(file);

/**
 * GET /legal/terms.pdf and /legal/privacy.pdf: the built documents with the configured company at
 * the foot of each page, written once per process. Anything else under /legal is the site's as built.
 */
export function legalPdfRoute(site: StaticSite, config: ServerConfig): Handler<AppEnv> {
  const written = new Map<string, Promise<Uint8Array>>();
  return async (c, next) => {
    const file = c.req.param('file') ?? '';
    const asset = isLegalPdf(file) ? site.assets.get(`/legal/${file}`) : undefined;
    if (!asset) return next();
    let pdf = written.get(file);
    if (!pdf) {
      pdf = withCompany(asset.body, config.company, config.productName);
      written.set(file, pdf);
      // A failure is not kept: the next request tries again.
      pdf.catch(() => written.delete(file));
    }
    return c.body(new Uint8Array(await pdf), 200, {
      'Content-Type': 'application/pdf',
      'Cache-Control': 'public, max-age=3600',
    });
  };
}
