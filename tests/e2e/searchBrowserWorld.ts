import type { Page, Route } from '@playwright/test';
import type { ModelParams } from '../model/modelKit';
import type { searchModel } from '../model/searchModel';
import { expect } from './fixtures';
import { storedStore } from './support';

/** A search the page sent, held until the world answers it. */
interface HeldSearch {
  query: string;
  locationsOnly: boolean;
  route: Route;
  answered: boolean;
}

const TYPED = ['chic', 'chicago'];
/** A search as the page's search client caches its answer: the text, and whether only places are asked for. */
const pairOf = (query: string, locationsOnly: boolean) => `${locationsOnly ? 'places' : 'all'}:${query}`;
const PLACE = /City|Zip code|Market|State/;

const queryOf = (body: unknown) => {
  const requests =
    (body as { requests?: Array<{ query?: string; params?: { query?: string } }> }).requests ?? [];
  return requests.map((r) => r.query ?? r.params?.query ?? '').find((q) => q !== '') ?? '';
};

/**
 * Adapter (b) of the search model: the real app in Chromium, the drawer opened from the header's
 * Search button. Every search the page sends is held, and the world answers it when the model says:
 * with the real server's answer, with that answer emptied, or with a 503; Playwright's clock, paused
 * while the drawer is open, is what lets 200 ms pass. States are checked on what a person sees: the
 * drawer, the box, the status line, the hits, the switch, the address and the stored zip.
 */
export class SearchBrowserWorld {
  private readonly held: HeldSearch[] = [];
  /** The searches the server answered (with hits or with none): the page's client has them cached. */
  private readonly answeredPairs = new Set<string>();
  private typings = 0;
  /** Whether "Places only" is on in the page. */
  private locationsOnly = false;

  constructor(private readonly page: Page) {}

  /** Before the app loads: hold every search, then show the home page. */
  async start() {
    await this.page.route('**/1/indexes/*/queries**', (route) => {
      const body = route.request().postDataJSON() as unknown;
      this.held.push({
        query: queryOf(body),
        locationsOnly: JSON.stringify(body).includes('type:location'),
        route,
        answered: false,
      });
    });
    await this.page.clock.install();
    await this.page.goto('/');
    await this.warmUp();
  }

  /**
   * The search code is loaded once, with time flowing, before the model starts: React reveals a
   * lazily loaded part on a timer, which the paused clock of the model's steps would hold back. A
   * search is typed, answered by the server and cleared, and the drawer closed again.
   */
  private async warmUp() {
    await this.page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await this.box.fill('x');
    await this.answer(await this.latest(), 'server');
    await expect(this.status).toBeAttached();
    await this.drawer.getByRole('button', { name: 'Clear search' }).click();
    await this.drawer.getByRole('button', { name: 'Close search' }).click();
    await expect(this.drawer).toBeHidden();
  }

  private get drawer() {
    return this.page.getByRole('dialog', { name: 'Search Adlane' });
  }
  private get box() {
    return this.drawer.getByRole('combobox', { name: 'Search Adlane' });
  }
  private get status() {
    return this.drawer.getByRole('status').first();
  }
  private get hits() {
    return this.drawer.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  }
  private get placesOnly() {
    return this.drawer.getByRole('switch', { name: 'Places only' });
  }

  /** The newest search the page sent and nobody answered, once it has left. */
  private async latest() {
    await expect
      .poll(() => this.held.filter((h) => !h.answered).length, { message: 'a search sent' })
      .toBeGreaterThan(0);
    const last = this.held.at(-1);
    if (!last || last.answered) throw new Error('The newest search was already answered.');
    return last;
  }

  /**
   * Lets the real server answer the search for the box's text the page sends after `count` searches.
   * The page's search client caches each answer by query and filters: a search the server answered
   * before is answered from that cache, and no request leaves.
   */
  private async answerNext(count: number) {
    const query = await this.text();
    if (this.answeredPairs.has(pairOf(query, this.locationsOnly))) {
      expect(this.held.length, 'no search sent: the page has the answer').toBe(count);
      return;
    }
    await expect
      .poll(() => this.held.length, { message: `a search for “${query}” sent` })
      .toBeGreaterThan(count);
    const search = await this.latest();
    expect({ query: search.query, locationsOnly: search.locationsOnly }, 'the search sent').toEqual({
      query,
      locationsOnly: this.locationsOnly,
    });
    await this.answer(search, 'server');
  }

  private async answer(search: HeldSearch, how: 'server' | 'nothing' | 'failure') {
    search.answered = true;
    // A failure is not cached: the same search leaves again.
    if (how !== 'failure') this.answeredPairs.add(pairOf(search.query, search.locationsOnly));
    if (how === 'server') return search.route.continue();
    if (how === 'failure') return search.route.fulfill({ status: 503, body: 'Service Unavailable' });
    const response = await search.route.fetch();
    const json = (await response.json()) as { results: Array<Record<string, unknown>> };
    const results = json.results.map((r) => ({ ...r, hits: [], nbHits: 0, nbPages: 0 }));
    return search.route.fulfill({ response, json: { ...json, results } });
  }

  private async text() {
    return this.box.inputValue();
  }

  /** The box holds text, and a search for it was sent and is not answered. */
  private async expectAwaited() {
    await expect(this.drawer).toBeVisible();
    const typed = await this.text();
    expect(typed.trim(), 'text in the box').not.toBe('');
    expect((await this.latest()).query, 'the newest search is for the box’s text').toBe(typed);
    return typed;
  }

  private async expectAnswered(locationsOnly: boolean) {
    await expect(this.drawer).toBeVisible();
    const typed = await this.text();
    await expect(this.status).toHaveText(new RegExp(`^[\\d,]+ results? for “${typed}”$`));
    await expect(this.hits.first()).toBeVisible();
    await expect(this.placesOnly).toBeChecked({ checked: locationsOnly });
    expect(this.held.at(-1)?.answered, 'the newest search sent was answered').toBe(true);
    await expect(this.drawer.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }

  /** The failure of the box's search is said, with Try again, and no hits. */
  private async expectFailed(said: string) {
    await expect(this.status).toHaveText(said);
    await expect(this.drawer.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(this.hits).toHaveCount(0);
  }

  params(): ModelParams<typeof searchModel> {
    return {
      states: {
        closed: async () => {
          await expect(this.drawer).toBeHidden();
          expect(new URL(this.page.url()).pathname).toBe('/');
        },
        empty: async () => {
          await expect(this.drawer).toBeVisible();
          await expect(this.box).toHaveValue('');
          await expect(this.box).toBeFocused();
          await expect(this.hits).toHaveCount(0);
          await expect(
            this.drawer.getByText(/results? for|Searching…|Nothing matches|unavailable/),
          ).toHaveCount(0);
        },
        waiting: async () => {
          const typed = await this.expectAwaited();
          await expect(this.drawer.getByText(/Searching…|Nothing matches|unavailable/)).toHaveCount(0);
          await expect(this.drawer.getByText(`for “${typed}”`)).toHaveCount(0);
        },
        stalled: async () => {
          await this.expectAwaited();
          await expect(this.status).toHaveText('Searching…');
        },
        results: () => this.expectAnswered(false),
        placesOnly: async () => {
          await this.expectAnswered(true);
          // Every hit a place: the last answer's places are shown at once, then the filtered answer
          // (whose count expectAnswered waited for).
          await expect(async () => {
            for (const text of await this.hits.allTextContents()) expect(text).toMatch(PLACE);
          }).toPass({ timeout: 5_000 });
        },
        noMatch: async () => {
          const typed = await this.text();
          await expect(this.status).toHaveText(new RegExp(`^Nothing matches “${typed}”`));
          await expect(this.hits).toHaveCount(0);
        },
        failed: () => this.expectFailed('Search is unavailable right now.'),
        retrying: async () => {
          await this.expectAwaited();
          await expect(this.drawer.getByText(/unavailable/)).toHaveCount(0);
          await expect(this.drawer.getByRole('button', { name: 'Try again' })).toHaveCount(0);
        },
        stillFailed: () =>
          this.expectFailed('Search is still unavailable. Try again in a minute, or browse the shop.'),
        atPlace: async () => {
          await expect(this.page).toHaveURL(/\/shop\?zip=\d{5}$/);
          await expect(this.drawer).toBeHidden();
          const zip = new URL(this.page.url()).searchParams.get('zip');
          expect(((await storedStore(this.page)).shopSearch as { zip: string }).zip).toBe(zip);
          await expect(this.page.getByRole('region', { name: 'Placements' })).toBeVisible();
        },
      },
      events: {
        'user.opensSearch': async () => {
          await this.page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
          await expect(this.box).toBeFocused();
          // From here time passes only when the model says so.
          await this.page.clock.pauseAt(Date.now() + 1_000);
        },
        'user.closes': async () => {
          await this.page.clock.resume();
          await this.drawer.getByRole('button', { name: 'Close search' }).click();
        },
        'user.types': async () => {
          const text = TYPED[this.typings++ % TYPED.length] ?? 'chic';
          const typed = await this.text();
          await this.box.pressSequentially(text.slice(typed.length));
          await expect.poll(() => this.held.at(-1)?.query, { message: 'a search for the text' }).toBe(text);
        },
        'user.clears': async () => {
          await this.drawer.getByRole('button', { name: 'Clear search' }).click();
        },
        'server.answers': async () => this.answer(await this.latest(), 'server'),
        'server.answersNothing': async () => this.answer(await this.latest(), 'nothing'),
        'server.fails': async () => this.answer(await this.latest(), 'failure'),
        'server.answersOlderQuery': async () => {
          const newest = await this.latest();
          const older = this.held.find((h) => !h.answered && h !== newest && h.query !== '');
          if (!older) throw new Error('No older search is waiting.');
          const shown = await this.hits.allTextContents();
          await this.answer(older, 'server');
          const response = await older.route.request().response();
          if (!response) throw new Error(`No answer to the search for “${older.query}”.`);
          const answer = (await response.json()) as { results: Array<{ hits?: Array<{ text: string }> }> };
          const texts = answer.results[0]?.hits?.map((hit) => hit.text) ?? [];
          const drawn = shown.length === texts.length && texts.every((text, i) => shown[i]?.includes(text));
          if (texts.length === 0 || drawn) {
            throw new Error(
              `The answer for “${older.query}” would not change the list: its taking is unseen.`,
            );
          }
          // The page takes the older answer: its hits are drawn.
          await expect(this.hits).toHaveCount(texts.length);
          for (const [i, text] of texts.entries()) await expect(this.hits.nth(i)).toContainText(text);
          // React tells the drawer's machine of drawn results in an effect, run by its scheduler in a
          // posted message after the drawing: one posted message later the machine has the older answer,
          // and had it ended the wait, the status line would already say “N results for …”.
          await this.page.evaluate(
            () =>
              new Promise<void>((resolve) => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve();
                channel.port2.postMessage(null);
              }),
          );
          await expect(this.status).toHaveText('Searching…');
          expect(this.held.at(-1), 'the newest search is still the last sent').toBe(newest);
          expect(newest.answered, 'the newest search is still held').toBe(false);
        },
        'clock.passes200ms': () => this.page.clock.runFor(200),
        'user.turnsOnPlacesOnly': async () => {
          const count = this.held.length;
          await this.placesOnly.click();
          this.locationsOnly = true;
          await this.answerNext(count);
        },
        'user.turnsOffPlacesOnly': async () => {
          const count = this.held.length;
          await this.placesOnly.click();
          this.locationsOnly = false;
          await this.answerNext(count);
        },
        'user.retries': async () => {
          const count = this.held.length;
          const typed = await this.text();
          await this.drawer.getByRole('button', { name: 'Try again' }).click();
          // A failure is not cached: the search for the box's text leaves again, and is held.
          await expect
            .poll(() => this.held.length, { message: `a search for “${typed}” sent again` })
            .toBeGreaterThan(count);
          expect((await this.latest()).query, 'the search sent again').toBe(typed);
        },
        'user.choosesPlace': async () => {
          await this.page.clock.resume();
          await this.hits.filter({ hasText: PLACE }).first().click();
        },
      },
    };
  }
}
