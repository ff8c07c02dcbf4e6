import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { MAIL_KINDS } from '../../server/mail/messages';
import { renderMail } from '../../server/mail/render';
import { templates } from '../../server/mail/templates';
import { brandOf } from '../../server/mail/templates/brand';

const config = readServerConfig({
  PRODUCT_NAME: 'Lanes',
  COMPANY_LEGAL_NAME: 'Lumen Ad Technologies, Inc.',
  COMPANY_ADDRESS: '233 S Wacker Dr, Suite 4400|Chicago, IL 60606',
  PUBLIC_URL: 'https://lanes.example',
});
const brand = brandOf(config);

describe('e-mail templates', () => {
  it('has a template for every kind of e-mail', () => {
    const missing = MAIL_KINDS.filter((kind) => !(kind in templates));
    expect(missing).toEqual([]);
  });

  it.each(MAIL_KINDS)(
    'renders the sample of %s as a document signed by the company, with a text part',
    async (kind) => {
      const mail = await renderMail(kind, templates[kind].sample(brand) as never);
      expect(mail.html).toMatch(/^<!DOCTYPE html/i);
      for (const words of [
        'Lanes',
        'Lumen Ad Technologies, Inc.',
        '233 S Wacker Dr, Suite 4400',
        'Chicago, IL 60606',
      ]) {
        expect(mail.html).toContain(words);
        expect(mail.text).toContain(words);
      }
      expect(mail.text.trim()).not.toBe('');
      expect(mail.text).not.toMatch(/<(p|div|table|a|h1|h2|span|strong)[\s>]/);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject.length).toBeGreaterThan(0);
    },
  );

  it('says why a person gets an e-mail they may turn off, and where to turn it off', async () => {
    const reminder = await renderMail('ad-reminder', templates['ad-reminder'].sample(brand));
    expect(reminder.text).toContain('ad reminders are on');
    expect(reminder.html).toContain('https://lanes.example/profile');
    const reset = await renderMail('password-reset', templates['password-reset'].sample(brand));
    expect(reset.html).not.toContain('/profile');
  });

  it('escapes what people typed and drops a name that carries a link', async () => {
    const welcome = await renderMail('welcome', {
      brand,
      firstname: '<img src=x onerror=alert(1)>',
      company: 'Ben & Jerry\'s "Ads"',
      link: 'https://lanes.example/',
    });
    expect(welcome.html).toContain('&lt;img');
    expect(welcome.html).not.toContain('<img src="x"');
    expect(welcome.html).not.toContain('<img src=x');
    expect(welcome.html).toMatch(/Ben &amp; Jerry(&#x27;|&#39;|')s (&quot;|")Ads(&quot;|")/);
    expect(welcome.text).toContain('Ben & Jerry\'s "Ads"');

    const invite = await renderMail('colleague-invite', {
      brand,
      inviter: 'Win a prize at https://evil.example',
      company: 'Northwind',
      link: 'https://lanes.example/colleague',
    });
    expect(invite.html).not.toContain('evil.example');
    expect(invite.text).not.toContain('evil.example');
    expect(invite.text).toContain('A colleague invited you');
  });

  it('keeps headings as written in the text part', async () => {
    const placed = await renderMail('order-placed', templates['order-placed'].sample(brand));
    expect(placed.text).toContain('Thank you, your order is placed');
    expect(placed.text).not.toContain('THANK YOU');
  });

  it('lists each order with its runs, their ad-due dates, the spec sheet and the order page', async () => {
    const placed = await renderMail('order-placed', templates['order-placed'].sample(brand));
    expect(placed.text).toContain('AD-00-000123');
    expect(placed.text).toContain('February 20');
    expect(placed.text).toContain('February 27');
    expect(placed.html).toContain('https://lanes.example/specs/print-full-page');
    expect(placed.html).toContain('https://lanes.example/orders/AD-00-000123');
  });

  // Issue 31: what our staff type (a publisher's reference, a note) reaches a customer's inbox.
  it("escapes our staff's reference and notes, and drops a note that carries a link", async () => {
    const hostile = '<img src=x onerror=alert(1)> & "quoted"';
    const booked = await renderMail('booking-confirmed', {
      ...templates['booking-confirmed'].sample(brand),
      reference: hostile,
    });
    const returned = await renderMail('file-returned', {
      ...templates['file-returned'].sample(brand),
      note: hostile,
      file: '<b>spring</b>.pdf',
    });
    const proof = await renderMail('design-proof-ready', {
      ...templates['design-proof-ready'].sample(brand),
      note: hostile,
    });
    for (const mail of [booked, returned, proof]) {
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; ');
      expect(mail.html).not.toMatch(/<img src="?x/);
      expect(mail.text).toContain(hostile);
    }
    expect(returned.html).toContain('&lt;b&gt;spring&lt;/b&gt;.pdf');
    expect(returned.html).not.toContain('<b>spring');
    expect(returned.subject).toBe('Please send a new ad file for order AD-00-000123');

    const linked = await renderMail('file-returned', {
      ...templates['file-returned'].sample(brand),
      note: 'Send it again at https://evil.example/upload',
    });
    expect(linked.html).not.toContain('evil.example');
    expect(linked.text).toContain("Their note is on the order's page.");
  });

  it('says a booking, a delivery and a proof with the order page to open', async () => {
    const booked = await renderMail('booking-confirmed', templates['booking-confirmed'].sample(brand));
    expect(booked.text).toContain('Their reference is CW-2027-0318.');
    expect(booked.text).toContain('March 2027 issue, April 2027 issue');
    const delivered = await renderMail('run-delivered', {
      ...templates['run-delivered'].sample(brand),
      proof: 'delivery-report',
      details: '48,210 impressions',
    });
    expect(delivered.text).toContain('was delivered on Wednesday, March 31: 48,210 impressions.');
    expect(delivered.text).toContain('Its proof, the delivery report, is on');
    const proof = await renderMail('design-proof-ready', templates['design-proof-ready'].sample(brand));
    expect(proof.subject).toBe('Proof 2 of your ad for order AD-00-000123 is ready');
    for (const mail of [booked, delivered, proof])
      expect(mail.html).toMatch(/https:\/\/lanes\.example\/orders\/AD-00-000123/);
  });

  it("says our team cancelled an order it cancelled on the customer's behalf", async () => {
    const sample = templates['order-cancelled'].sample(brand);
    const ours = await renderMail('order-cancelled', { ...sample, byOurTeam: true });
    expect(ours.text).toContain('is cancelled by our team.');
    const theirs = await renderMail('order-cancelled', sample);
    expect(theirs.text).not.toContain('our team');
  });
});
