import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyFacts } from '../../contract/ui';
import { readServerConfig } from '../../server/config';
import { loadStaticSite } from '../../server/static/site';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';

/*
 * Issue 28, point 11: one configured legal name and address (COMPANY_LEGAL_NAME, COMPANY_ADDRESS) for
 * the invoices (tests/server/invoices.test.ts), the e-mails (tests/server/mail.test.ts), the
 * storefront's footer (GET /ui/company) and the legal documents.
 */

/** A built site with the committed legal documents. */
function siteWithLegalPdfs() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-legal-'));
  mkdirSync(path.join(dir, 'legal'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Adlane</title><div id="root"></div>');
  for (const file of ['terms.pdf', 'privacy.pdf'])
    copyFileSync(path.join('public', 'legal', file), path.join(dir, 'legal', file));
  return loadStaticSite(dir);
}

describe('the company that runs the product, in the configuration', () => {
  it('is one legal name and address, which the invoices are issued by', () => {
    const config = readServerConfig({});
    expect(config.company).toEqual({
      legalName: 'Lumen Ad Technologies, Inc.',
      address: ['233 S Wacker Dr, Suite 4400', 'Chicago, IL 60606'],
    });
    expect(config.invoiceIssuer.name).toBe(config.company.legalName);
    expect(config.invoiceIssuer.address).toEqual(config.company.address);
    expect(config.invoiceIssuer.payment).toContain(
      'Check: payable to Lumen Ad Technologies, Inc., at the address above',
    );
    const harbor = readServerConfig({
      COMPANY_LEGAL_NAME: 'Harbor Media LLC',
      COMPANY_ADDRESS: '1 Pier St|Duluth',
    });
    expect(harbor.invoiceIssuer.name).toBe('Harbor Media LLC');
    expect(harbor.invoiceIssuer.address).toEqual(['1 Pier St', 'Duluth']);
  });

  it('stops a server still configured with the invoice’s own name, saying what to set instead', () => {
    expect(() => readServerConfig({ INVOICE_NAME: 'Adlane Media, Inc.' })).toThrow(
      'INVOICE_NAME is replaced by COMPANY_LEGAL_NAME: one legal name and address for the invoices, e-mails, footer and legal documents. Set COMPANY_LEGAL_NAME instead.',
    );
    expect(() => readServerConfig({ INVOICE_ADDRESS: '1 Pier St' })).toThrow(
      /^INVOICE_ADDRESS is replaced by COMPANY_ADDRESS/,
    );
  });
});

const [, openPglite] = DRIVERS[0] ?? [];

describe('the company that runs the product, as the server says it', () => {
  let h: Harness;
  beforeAll(async () => {
    if (!openPglite) throw new Error('No PGlite driver');
    h = await openPglite({
      site: siteWithLegalPdfs(),
      env: { COMPANY_LEGAL_NAME: 'Harbor Media LLC', COMPANY_ADDRESS: '1 Pier St|Duluth, MN 55802' },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('is answered to the storefront for its footer', async () => {
    const answer = await h.app.request('/api/v1/ui/company');
    expect(answer.status).toBe(200);
    const facts: CompanyFacts = {
      product: 'Adlane',
      legal_name: 'Harbor Media LLC',
      address: ['1 Pier St', 'Duluth, MN 55802'],
    };
    expect(((await answer.json()) as { data: CompanyFacts }).data).toEqual(facts);
  });

  it('is written at the foot of every page of the terms and the privacy policy', async () => {
    for (const [file, pages] of [
      ['terms.pdf', 2],
      ['privacy.pdf', 3],
    ] as const) {
      const answer = await h.app.request(`/legal/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      const text = (await pdfText(new Uint8Array(await answer.arrayBuffer()))).join('\n');
      for (let page = 1; page <= pages; page++)
        expect(text).toContain(
          `Adlane is run by Harbor Media LLC, 1 Pier St, Duluth, MN 55802. Page ${page} of ${pages}.`,
        );
      expect(text).not.toContain('Lumen');
    }
    // Written once: the same bytes the next time.
    const again = async () => Buffer.from(await (await h.app.request('/legal/terms.pdf')).arrayBuffer());
    expect((await again()).equals(await again())).toBe(true);
    expect((await h.app.request('/legal/missing.pdf')).status).toBe(404);
  });
});
