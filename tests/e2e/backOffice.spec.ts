import { firstOnSale, orderOne } from '../support/httpShop';
import { rgbPng } from '../support/magazineArtwork';
import { expectAccessible } from './axe';
import {
  choose,
  codeFor,
  customerWindow,
  enrolmentKey,
  expect,
  newStaffMember,
  openSection,
  pdfFile,
  reportShot,
  setupPath,
  staffSignIn,
  test,
  wrongCodeFor,
} from './backOfficeSupport';
import { createAccount, latestMail, pathOfLink, signIn, uniqueEmail } from './support';

/*
 * The back office end to end (issue 31, acceptance 1, 4-10), on a server of its own started with no
 * staff: (a) the printed setup link, enrolment and sign-in with a TOTP code; (b) a new placement found
 * by the storefront's search within 5 seconds and quoted; (c) a magazine order booked and delivered with
 * a tear sheet the customer opens; (d) the design service's proof round from brief to approved proof.
 * At 1280 and 390 px, every page checked with axe, screenshots kept in reports/screenshots/i31.
 * The file runs in order in one worker: the setup comes first and the rest signs in after it.
 */
test.describe.configure({ mode: 'serial' });

const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width < 640 ? 844 : 800 });

test('(a) first start: the printed setup link, enrolment with the QR code and its key, a wrong code refused, sign-in', async ({
  page,
  backOffice,
}, testInfo) => {
  test.setTimeout(120_000);
  const setup = await setupPath(backOffice);
  const admin = { email: 'owner@adlane.example', password: 'a long staff passphrase 31', secret: '' };

  // Until someone enrols, the link may be followed again (a lost QR code locks nobody out): once
  // at 390 px, then at 1280 px, whose enrolment is the one kept.
  for (const width of [390, 1280]) {
    await page.setViewportSize(viewport(width));
    await page.goto(setup);
    await expect(page.getByRole('heading', { name: 'Set up the back office' })).toBeVisible();
    await expectAccessible(page, `the setup page at ${width} px`);
    await page.getByLabel('Your name').fill('Robin Owner');
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Create the account' }).click();
    admin.secret = await enrolmentKey(page);
    await expectAccessible(page, `the enrolment's QR code at ${width} px`);
    await reportShot(page, testInfo, 'setup', width);
  }
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await expectAccessible(page, `the sign-in page at ${width} px`);
    await reportShot(page, testInfo, 'login', width);
  }
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Code from your authenticator app').fill(await wrongCodeFor(admin));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('That e-mail, password and code do not match a staff account.')).toBeVisible();
  await expectAccessible(page, 'the sign-in page with its refusal');

  backOffice.admin = admin;
  // The same page signs in with the code the authenticator shows now.
  await page.getByLabel('Code from your authenticator app').fill(await codeFor(backOffice, admin));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('(b) a new placement is found by the storefront search within 5 seconds and quoted', async ({
      page,
      request,
      browser,
      backOffice,
    }, testInfo) => {
      test.setTimeout(120_000);
      const me = await newStaffMember(request, backOffice, 'admin');
      await staffSignIn(page, backOffice, me);
      await openSection(page, 'Placements');
      await expect(page.getByRole('table', { name: 'Placements' })).toHaveAttribute('aria-busy', 'false');
      await expectAccessible(page, `the placements at ${width} px`);
      await reportShot(page, testInfo, 'placements', width);

      const name = `Lakeshore Living ${width} ${Date.now().toString(36)}`;
      await page.getByRole('link', { name: 'New placement' }).click();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await choose(page, page, 'Channel', /magazine/i);
      await choose(page, page, 'Market', /^Chicago/);
      await page
        .getByLabel('Description')
        .fill('A monthly magazine of the lakefront: homes, food and the arts.');
      await page.getByLabel('Unit price').fill('1200');
      await page.getByLabel('Unit label').fill('full page');
      // Its own rate card: one to three pages an issue (without one, the channel's quantities).
      await page.getByRole('checkbox', { name: /^Its own quantities and discounts/ }).check();
      await page.getByLabel('Quantity from').fill('1');
      await page.getByLabel('to', { exact: true }).fill('3');
      await page.getByLabel('in steps of').fill('1');
      await choose(page, page, 'Issues or weeks', /monthly/i);
      const published = page.getByRole('switch', { name: 'Published' });
      if ((await published.getAttribute('aria-checked')) !== 'true') await published.click();
      await expect(published).toHaveAttribute('aria-checked', 'true');
      await expectAccessible(page, `the placement editor at ${width} px`);
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/placements',
      );
      await page.getByRole('button', { name: 'Save placement' }).click();
      expect((await saved).status()).toBe(200);

      // Within 5 seconds of the save, the storefront's site search (the Algolia protocol the search
      // drawer's client speaks) finds it; a page's search client keeps the answers it had, so the
      // drawer is opened once it does.
      const searched = async () => {
        const answer = await request.post('/1/indexes/*/queries', {
          data: { requests: [{ indexName: 'adlane_search', query: name, hitsPerPage: 5 }] },
        });
        return JSON.stringify(await answer.json()).includes(name);
      };
      await expect
        .poll(searched, {
          timeout: 5_000,
          intervals: [100],
          message: 'the new placement is in the site search within 5 seconds',
        })
        .toBe(true);

      // Saved, a new placement has its own page, which says when it was saved and by whom.
      await expect(page).toHaveURL(/\/admin\/placements\/[A-Z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText(/^Saved .+ by .+, version 1$/)).toBeVisible();
      await reportShot(page, testInfo, 'editor', width);

      const shop = await customerWindow(browser, backOffice, width);
      await shop.open('/');
      await shop.page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      const drawer = shop.page.getByRole('dialog', { name: 'Search Adlane' });
      await drawer.getByRole('combobox', { name: 'Search Adlane' }).fill(name);
      const hit = drawer
        .getByRole('listbox', { name: 'Search results' })
        .getByRole('option', { name: new RegExp(name) });
      await hit.first().click();
      await expect(shop.page.getByRole('heading', { level: 1, name })).toBeVisible();

      // Its page quotes an issue at the rate card's quantities: two pages of the first open issue.
      await shop.page
        .getByRole('group', { name: 'Issues' })
        .getByRole('button', { disabled: false })
        .first()
        .click();
      await choose(shop.page, shop.page, 'full-page ads per issue', /^2\b/);
      // Its unit price × 2 pages × 1 issue.
      await expect(shop.page.locator('[aria-live="polite"]').filter({ hasText: 'Total' })).toContainText(
        '$2,400',
      );
      await shop.close();
    });

    test('(c) a magazine order is booked and delivered with a tear sheet the customer opens', async ({
      page,
      request,
      browser,
      backOffice,
    }, testInfo) => {
      test.setTimeout(150_000);
      const base = backOffice.server.baseURL;
      const customer = await createAccount(request, { company: 'Birch Lane Yoga' });
      const number = (await orderOne(base, customer.token, await firstOnSale(base, 'printmag', '60601')))
        .orders[0]?.number;
      if (!number) throw new Error('No order placed');

      const me = await newStaffMember(request, backOffice, 'production');
      await staffSignIn(page, backOffice, me);
      await openSection(page, 'Orders');
      await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
      // The queue asks once typing pauses: its answer for the number is awaited.
      const answered = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/v1/admin/orders' && url.searchParams.get('q') === number;
      });
      await page.getByRole('searchbox', { name: 'Order number or company' }).fill(number);
      await answered;
      // By its link: under 640 px the table's rows are drawn as cards.
      const found = page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: number });
      await expect(found).toHaveCount(1);
      // Read once the table has its answer: while one is on its way, the last rows are shown faded.
      await expect(page.getByRole('table', { name: 'Orders' })).toHaveAttribute('aria-busy', 'false');
      await expectAccessible(page, `the orders queue at ${width} px`);
      await reportShot(page, testInfo, 'orders', width);
      await found.click();

      await page.getByRole('button', { name: 'Confirm booking' }).click();
      const booking = page.getByRole('dialog', { name: 'Confirm the booking' });
      await booking.getByLabel("Publisher's reference").fill(`LM-${width}-4471`);
      await expectAccessible(page, `the booking dialog at ${width} px`);
      await booking.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(booking).toHaveCount(0);

      await page.getByRole('button', { name: 'Mark delivered' }).first().click();
      const delivery = page.getByRole('dialog', { name: /^Mark .+ delivered$/ });
      await choose(page, delivery, 'Kind', /tear sheet/i);
      await delivery
        .getByLabel('Proof', { exact: true })
        .setInputFiles(await pdfFile('tear-sheet.pdf', `Tear sheet of ${number}`));
      await expectAccessible(page, `the delivery dialog at ${width} px`);
      await reportShot(page, testInfo, 'order', width);
      await delivery.getByRole('button', { name: 'Upload proof' }).click();
      await expect(delivery).toHaveCount(0);
      const run = page.getByRole('list', { name: 'Runs', exact: true });
      await expect(run).toContainText(`Booked with reference LM-${width}-4471`);
      await expect(run).toContainText(/Delivered on /);
      await expectAccessible(page, `the admin's order page at ${width} px`);

      // The customer sees the booking, the delivery and opens the tear sheet.
      const customerSide = await customerWindow(browser, backOffice, width);
      await signIn(customerSide.page, customer.email);
      await customerSide.open(`/orders/${number}`);
      const runs = customerSide.page.getByRole('list', { name: 'Runs', exact: true });
      await expect(runs).toContainText(`Booked with reference LM-${width}-4471`);
      await expect(runs).toContainText(/Delivered on /);
      // A new tab or the same one: the context sees the answer either way.
      const opened = customerSide.page
        .context()
        .waitForEvent('response', (r) => /\/runs\/[^/]+\/proofs\//.test(r.url()));
      await runs.getByRole('link', { name: 'View tear sheet' }).click();
      expect((await opened).headers()['content-type']).toContain('application/pdf');
      await customerSide.open(`/orders/${number}`);
      await expectAccessible(customerSide.page, `the customer's delivered order at ${width} px`);
      await reportShot(customerSide.page, testInfo, 'customer-order', width);
      await customerSide.close();
    });

    test('(d) the design service: brief, a proof, changes, a second proof approved and in the files', async ({
      page,
      request,
      browser,
      backOffice,
    }, testInfo) => {
      test.setTimeout(180_000);
      const base = backOffice.server.baseURL;
      const customer = await createAccount(request, { company: 'Maple Street Dental' });
      const number = (await orderOne(base, customer.token, { mediacode: 'CU-01', date: null })).orders[0]
        ?.number;
      if (!number) throw new Error('No design order placed');

      // The customer fills the brief on the order page instead of sending artwork.
      const customerSide = await customerWindow(browser, backOffice, width);
      const mine = customerSide.page;
      await signIn(mine, customer.email);
      await customerSide.open(`/orders/${number}`);
      await expect(mine.getByRole('heading', { name: 'Your design brief' })).toBeVisible();
      await mine.getByLabel('Your offer').fill('Teeth whitening, $99 for new patients');
      await mine.getByLabel('Colours').fill('Teal and white');
      await mine
        .getByLabel('Notes', { exact: true })
        .fill('Friendly, a smiling family, our address at the foot.');
      await mine
        .getByLabel('Logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await rgbPng() });
      await expect(mine.getByText('logo.png')).toBeVisible();
      await expectAccessible(mine, `the design brief at ${width} px`);
      await mine.getByRole('button', { name: 'Send the brief' }).click();
      await expect(mine.getByRole('button', { name: 'Send the brief' })).toHaveCount(0);

      // The studio uploads proof 1.
      const me = await newStaffMember(request, backOffice, 'production');
      await staffSignIn(page, backOffice, me);
      // The studio's panel (its note field beside the order's internal notes' "Note").
      const studio = page.getByRole('region', { name: 'Design service' });
      const uploadProof = async (n: number) => {
        await page.goto(`/admin/orders/${number}`);
        await expect(studio.getByRole('heading', { name: 'Brief' })).toBeVisible();
        await studio
          .getByLabel('Proof file')
          .setInputFiles(await pdfFile(`proof-${n}.pdf`, `Proof ${n} of ${number}`));
        await studio.getByLabel(/^Note/).fill(n === 1 ? 'A first layout.' : 'Bigger offer, as you asked.');
        await studio.getByRole('button', { name: 'Upload proof' }).click();
        await expect(studio.getByText(`proof-${n}.pdf`)).toBeVisible();
      };
      await uploadProof(1);
      // Nothing of the order page is wider than the window (at 390 px its proof's file input was).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // No publisher books the studio's work, and the brief is in: nothing is due from the customer.
      await expect(page.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Runs' })).not.toContainText('Ad due');
      await expectAccessible(page, `the design panel at ${width} px`);
      await reportShot(page, testInfo, 'design', width);

      // The customer asks for changes to proof 1.
      await customerSide.open(`/orders/${number}`);
      const first = mine.getByRole('region', { name: 'Proof 1' });
      await first.getByRole('button', { name: 'Ask for changes' }).click();
      await mine.getByLabel('What should change?').fill('Make the offer bigger.');
      await mine.getByRole('button', { name: 'Send changes' }).click();
      await expect(first.getByRole('button', { name: 'Approve this proof' })).toHaveCount(0);

      // Proof 2 is approved and becomes the run's ad file.
      await uploadProof(2);
      await customerSide.open(`/orders/${number}`);
      const second = mine.getByRole('region', { name: 'Proof 2' });
      await expectAccessible(mine, `the proof round at ${width} px`);
      await second.getByRole('button', { name: 'Approve this proof' }).click();
      await expect(mine.getByRole('list', { name: 'Runs', exact: true })).toContainText('Approved');
      await expect(second).toContainText('Approved: this is your ad.');
      await expectAccessible(mine, `the approved proof at ${width} px`);
      await reportShot(mine, testInfo, 'customer-design', width);
      await customerSide.open('/files');
      await expect(mine.getByText('proof-2.pdf').first()).toBeVisible();
      await customerSide.close();

      // The ad files queue and the audit log, looked at once the round is done.
      await openSection(page, 'Ad files');
      await page.getByLabel('Show').selectOption({ label: 'All files' });
      const files = page.getByRole('table', { name: 'Ad files' });
      await expect(files).toBeVisible();
      await expect(files).toHaveAttribute('aria-busy', 'false');
      await expectAccessible(page, `the ad files at ${width} px`);
      await reportShot(page, testInfo, 'files', width);
    });

    test('the audit log lists what the staff did, keyboard first; staff are invited from their page', async ({
      page,
      request,
      backOffice,
    }, testInfo) => {
      test.setTimeout(90_000);
      const me = await newStaffMember(request, backOffice, 'admin');
      await staffSignIn(page, backOffice, me);
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Audit log' })
        .focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      // What the tests before this one did at this width, each an entry.
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log).toHaveAttribute('aria-busy', 'false');
      for (const action of ['placement.created', 'order.booked', 'run.delivered', 'design.proofUploaded'])
        await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
      await expectAccessible(page, `the audit log at ${width} px`);
      await reportShot(page, testInfo, 'audit', width);

      // An invitation from the staff page, and its link's page.
      await openSection(page, 'Staff');
      await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible();
      const invited = uniqueEmail(`staff.rep.${width}`).replace('@bakery.example', '@adlane.example');
      const form = page.getByRole('form', { name: 'Invite someone' });
      await form.getByLabel('E-mail').fill(invited);
      await form.getByLabel('Role').selectOption({ label: 'Rep' });
      await form.getByRole('button', { name: 'Invite' }).click();
      await expect(page.getByText(`Invitation sent to ${invited}.`)).toBeVisible();
      await expectAccessible(page, `the staff page at ${width} px`);
      await reportShot(page, testInfo, 'staff', width);
      await page.goto(pathOfLink((await latestMail(request, invited, 'staff-invite')).link));
      await expect(page.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
      await expect(page.getByText(`You are invited as rep with ${invited}.`)).toBeVisible();
      await expectAccessible(page, `the join page at ${width} px`);
      await reportShot(page, testInfo, 'join', width);
    });
  });
}
