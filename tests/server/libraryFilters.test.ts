import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesList, filesList } from '../../contract/adFiles';
import { envelope } from '../../contract/envelope';
import { DRIVERS, type Harness } from './harness';
import { sentFile, serveRuns, userIdOf } from './libraryShop';
import { colleagueOf, customer, onlyNumber, placeOrders, settableClock } from './orderShop';
import { availableDates, caller, marketOfZip, placement } from './shop';

/*
 * Issue 33, point 5: the library filtered by placement (the runs a file serves), spec sheet, and who
 * sent the file, alone and together, with the choices the filters offer; never another company's.
 * Sam (the owner) sends a Chicago magazine ad and a display ad; Cole (a colleague) sends a New York
 * magazine ad. Another company sends a magazine ad of its own.
 */

describe.each(DRIVERS)('the library filters on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);
  let owner: { token: string; email: string; id: string };
  let cole: { token: string; id: string };
  let chicagoName: string;
  let newYorkName: string;
  const ids = { chicagoAd: '', newYorkAd: '', displayAd: '', strangerAd: '' };
  let strangerToken = '';
  let strangerId = '';

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') });
    const newYork = await placement(h, 'printmag', { prodcode: await marketOfZip(h, '10001') });
    chicagoName = chicago.name;
    newYorkName = newYork.name;
    const sam = await customer(call);
    owner = { ...sam, id: await userIdOf(h, sam.email) };
    const colleague = await colleagueOf(h, call, sam, 'library');
    cole = { token: colleague.token, id: await userIdOf(h, colleague.email) };
    const [chicagoRun = ''] = await availableDates(call, chicago.mediacode, 1);
    const [newYorkRun = ''] = await availableDates(call, newYork.mediacode, 1);
    const chicagoOrder = onlyNumber(
      await placeOrders(call, sam.token, [
        { mediacode: chicago.mediacode, dates: [chicagoRun], quantity: 1 },
      ]),
    );
    const newYorkOrder = onlyNumber(
      await placeOrders(call, sam.token, [
        { mediacode: newYork.mediacode, dates: [newYorkRun], quantity: 1 },
      ]),
    );
    const bytes = new Uint8Array(2048).fill(7);
    ids.chicagoAd = await sentFile(h, sam.token, bytes, 'chicago.pdf');
    await serveRuns(h, ids.chicagoAd, chicagoOrder, [chicagoRun], null);
    ids.newYorkAd = await sentFile(h, cole.token, bytes, 'new-york.pdf');
    await serveRuns(h, ids.newYorkAd, newYorkOrder, [newYorkRun], { by: owner.id, at: clock.now() });
    ids.displayAd = await sentFile(h, sam.token, bytes, 'banner.pdf', 'online-display-ads');
    const stranger = await customer(call);
    strangerToken = stranger.token;
    strangerId = await userIdOf(h, stranger.email);
    const strangerOrder = onlyNumber(
      await placeOrders(call, stranger.token, [
        { mediacode: chicago.mediacode, dates: [chicagoRun], quantity: 1 },
      ]),
    );
    ids.strangerAd = await sentFile(h, stranger.token, bytes, 'theirs.pdf');
    await serveRuns(h, ids.strangerAd, strangerOrder, [chicagoRun], null);
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  const listed = async (search: Record<string, string>, token = owner.token): Promise<FilesList> => {
    const answer = await call<FilesList>('GET', `/files?${new URLSearchParams(search)}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(filesList).parse(answer.body).data;
  };
  const names = async (search: Record<string, string>) =>
    (await listed(search)).files.map((file) => file.name).sort();

  it('keeps every file of the company without a filter', async () => {
    expect(await names({})).toEqual(['banner.pdf', 'chicago.pdf', 'new-york.pdf']);
  });

  it('filters by the placement whose runs a file serves', async () => {
    expect(await names({ placement: chicagoName })).toEqual(['chicago.pdf']);
    expect(await names({ placement: newYorkName })).toEqual(['new-york.pdf']);
    expect(await names({ placement: 'No Such Magazine' })).toEqual([]);
  });

  it('filters by spec sheet', async () => {
    expect(await names({ sheet: 'magazine-print-ads' })).toEqual(['chicago.pdf', 'new-york.pdf']);
    expect(await names({ sheet: 'online-display-ads' })).toEqual(['banner.pdf']);
  });

  it('filters by who sent the file', async () => {
    expect(await names({ person: cole.id })).toEqual(['new-york.pdf']);
    expect(await names({ person: owner.id })).toEqual(['banner.pdf', 'chicago.pdf']);
  });

  it('combines the filters', async () => {
    expect(await names({ sheet: 'magazine-print-ads', person: owner.id })).toEqual(['chicago.pdf']);
    expect(await names({ placement: chicagoName, person: cole.id })).toEqual([]);
    expect(await names({ placement: newYorkName, sheet: 'magazine-print-ads', person: cole.id })).toEqual([
      'new-york.pdf',
    ]);
  });

  it('offers the placements, sheets and people that have files, of the company alone', async () => {
    const { filters } = await listed({ person: cole.id });
    expect(filters).toEqual({
      placements: [chicagoName, newYorkName].sort((a, b) => a.localeCompare(b)),
      sheets: [
        { slug: 'magazine-print-ads', title: expect.any(String) },
        { slug: 'online-display-ads', title: expect.any(String) },
      ],
      people: [
        { id: cole.id, name: 'Cole League' },
        { id: owner.id, name: 'Sam Shopper' },
      ],
    });
    const theirs = await listed({}, strangerToken);
    expect(theirs.files.map((file) => file.name)).toEqual(['theirs.pdf']);
    expect(theirs.filters?.people).toEqual([{ id: strangerId, name: 'Sam Shopper' }]);
    expect(theirs.filters?.sheets.map((sheet) => sheet.slug)).toEqual(['magazine-print-ads']);
  });

  it("never shows another company's file, whatever the filter names", async () => {
    expect(await names({ person: strangerId })).toEqual([]);
    expect(await names({ placement: chicagoName })).not.toContain('theirs.pdf');
    const theirs = await listed({ person: owner.id }, strangerToken);
    expect(theirs.files).toEqual([]);
  });

  it('refuses a person that is not an id, saying what to do', async () => {
    const answer = await call('GET', '/files?person=sam', { token: owner.token });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Pick a person from the list.');
  });
});
