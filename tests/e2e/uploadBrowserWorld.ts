import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { ModelParams } from '../model/modelKit';
import type { uploadModel } from '../model/uploadModel';
import { DROPPED, QUOTA_REFUSAL } from '../model/uploadWorld';
import { cmykJpeg, rgbPng } from '../support/magazineArtwork';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect } from './fixtures';
import { createAccount, signIn } from './support';

const GOOD_BYTES = 11 * 1024 * 1024;
const VERDICT = { timeout: 30_000 };
/** The tus client's waits before each of its own retries (src/system/uploads.ts), then it gives up. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000];

/**
 * Adapter (b) of the upload model: the real app in Chromium, on a placed order's page, sending a
 * run's ad through the real server. The world holds the tus client's PATCH requests (so the server
 * takes the file a part at a time, when the model says), drops the connection (every upload request
 * reset, the client's own retries run out on Playwright's clock), and holds the reads of the file's
 * checks while the model says the server is checking. States are checked on what a person sees of the
 * run and of the file's row, and on what the server says it has.
 */
export class UploadBrowserWorld {
  private holdParts = true;
  private holdChecks = true;
  private down = false;
  /** The server refuses new uploads as over the company's quota (a 413 with its sentence). */
  private overQuota = false;
  private readonly parts: Route[] = [];
  private readonly reads: Route[] = [];
  /** Upload requests the dropped connection has failed (reset). */
  private dropped = 0;
  /** What the server says it has of the upload (Upload-Offset of its answers). */
  private offset = 0;

  constructor(
    private readonly page: Page,
    private readonly request: APIRequestContext,
  ) {}

  /** A customer with a placed order, on the order's page. */
  async start() {
    await this.page.clock.install();
    const account = await createAccount(this.request);
    await signIn(this.page, account.email);
    const { cartId } = await addFirstIssue(this.page);
    const number = await placeOrder(this.page, cartId);
    await this.page.route('**/api/v1/uploads/**', async (route) => {
      if (this.down) {
        await route.abort('connectionreset');
        this.dropped += 1;
        return;
      }
      if (route.request().method() === 'PATCH' && this.holdParts) this.parts.push(route);
      else return route.continue();
    });
    // The creation of an upload: refused with the server's sentence while the world says the company is
    // over its quota (filling 5 GB for real would only slow the run down; the refusal is the same).
    await this.page.route(/\/api\/v1\/uploads$/, (route) => {
      if (route.request().method() === 'POST' && this.overQuota)
        return route.fulfill({ status: 413, contentType: 'text/plain', body: QUOTA_REFUSAL });
      return route.continue();
    });
    await this.page.route(/\/api\/v1\/files\/[^/?]+$/, (route) => {
      if (route.request().method() === 'GET' && this.holdChecks) this.reads.push(route);
      else return route.continue();
    });
    this.page.on('response', (response) => {
      const offset = response.headers()['upload-offset'];
      if (response.url().includes('/api/v1/uploads/') && offset) this.offset = Number(offset);
    });
    await this.page.goto(`/orders/${number}`);
    await expect(this.runs).toContainText('No file yet');
  }

  private get runs() {
    return this.page.getByRole('list', { name: 'Runs' });
  }
  private get input() {
    return this.runs.getByLabel(/^Upload the ad for /);
  }
  private get uploads() {
    return this.runs.getByRole('list', { name: /^Uploads for / });
  }
  private get row() {
    return this.uploads.getByRole('listitem', { name: 'march-issue.jpg' });
  }
  private button(name: string) {
    return this.row.getByRole('button', { name: `${name} march-issue.jpg` });
  }

  /** Waits for the tus client's next request with bytes, held. */
  private async nextPart(count: number) {
    await expect.poll(() => this.parts.length, { message: 'a part of the file sent' }).toBeGreaterThan(count);
  }

  /** Waits for the connection to have reset that many upload requests. */
  private async droppedRequests(count: number) {
    await expect
      .poll(() => this.dropped, { message: `${count} upload requests reset` })
      .toBeGreaterThanOrEqual(count);
  }

  /** Lets the held request through: the server takes that part. */
  private async releasePart() {
    const part = this.parts.at(-1);
    if (!part) throw new Error('No part of the file is on its way.');
    await part.continue().catch(() => {
      // The client gave the request up (a pause): nothing reaches the server.
    });
  }

  /** The row shows at least what the server has, and not yet all of it. */
  private async expectProgress() {
    const least = Math.floor((this.offset / GOOD_BYTES) * 100);
    const bar = this.row.getByRole('progressbar', { name: 'march-issue.jpg upload' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { message: `at least ${least}%` })
      .toBeGreaterThanOrEqual(least);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await expect(this.runs).toContainText('No file yet');
  }

  private async pick(name: string, mimeType: string, buffer: Buffer) {
    await this.input.setInputFiles({ name, mimeType, buffer });
  }

  params(): ModelParams<typeof uploadModel> {
    return {
      states: {
        noFile: async () => {
          await expect(this.runs).toContainText('No file yet');
          await expect(this.input).toHaveCount(1);
          await expect(this.uploads).toHaveCount(0);
          await expect(this.runs.getByRole('alert')).toHaveCount(0);
        },
        refused: async () => {
          await expect(this.runs.getByRole('alert')).toContainText('notes.docx is not a file we can check');
          await expect(this.uploads).toHaveCount(0);
          await expect(this.runs).toContainText('No file yet');
        },
        uploading: async () => {
          await expect(this.row).toContainText(/Uploading, \d+%/);
          await expect(this.button('Pause')).toBeVisible();
          await expect(this.button('Cancel')).toBeVisible();
          await this.expectProgress();
        },
        paused: async () => {
          await expect(this.row).toContainText(/Paused at \d+%/);
          await expect(this.button('Resume')).toBeVisible();
          await expect(this.button('Pause')).toHaveCount(0);
          await this.expectProgress();
        },
        failed: async () => {
          await expect(this.row).toContainText('Stopped');
          await expect(this.row.getByRole('alert')).toHaveText(DROPPED);
          await expect(this.button('Retry')).toBeVisible();
          await this.expectProgress();
        },
        refusedByServer: async () => {
          const row = this.uploads.getByRole('listitem', { name: 'spring-issue.jpg' });
          await expect(row).toContainText('Stopped');
          await expect(row.getByRole('alert')).toHaveText(QUOTA_REFUSAL);
          // The same file would be refused again: Cancel, and nothing asking to retry or try again.
          await expect(row.getByRole('button', { name: 'Cancel spring-issue.jpg' })).toBeVisible();
          await expect(row.getByRole('button', { name: /^Retry / })).toHaveCount(0);
          await expect(row).not.toContainText(/retry|try again/i);
          await expect(this.runs).toContainText('No file yet');
        },
        checking: async () => {
          await expect(this.row).toContainText('Uploaded; checking it against the spec');
          await expect(this.row.getByRole('button')).toHaveCount(0);
          expect(this.offset).toBe(GOOD_BYTES);
        },
        needsAttention: async () => {
          await expect(this.runs.getByText('Needs attention').first()).toBeVisible(VERDICT);
          await expect(this.runs.getByRole('list', { name: /^What to fix for / })).toBeVisible();
          await expect(this.input).toHaveCount(1);
        },
        passed: async () => {
          await expect(this.runs.getByText('Passed: approve it to use it')).toBeVisible(VERDICT);
          await expect(this.runs.getByRole('button', { name: /^Approve / })).toBeVisible();
        },
        approved: async () => {
          await expect(this.runs.getByText('Approved', { exact: true })).toBeVisible();
          await expect(this.input).toHaveCount(0);
        },
      },
      events: {
        'user.choosesFile': async () => {
          const count = this.parts.length;
          const artwork = await cmykJpeg();
          await this.pick(
            'march-issue.jpg',
            'image/jpeg',
            Buffer.concat([artwork, Buffer.alloc(GOOD_BYTES - artwork.length)]),
          );
          await this.nextPart(count);
        },
        'user.choosesFileOverQuota': async () => {
          this.overQuota = true;
          await this.pick('spring-issue.jpg', 'image/jpeg', await cmykJpeg());
        },
        'user.choosesUnacceptedFile': () =>
          this.pick('notes.docx', 'application/msword', Buffer.from('notes')),
        'user.sendsArtworkWithProblems': async () => {
          this.holdParts = false;
          this.holdChecks = false;
          await this.pick('cover.png', 'image/png', await rgbPng());
        },
        'user.sendsGoodArtwork': async () => this.pick('april-issue.jpg', 'image/jpeg', await cmykJpeg()),
        'server.receivesPart': async () => {
          const count = this.parts.length;
          await this.releasePart();
          await this.nextPart(count);
        },
        'server.receivesAll': async () => {
          this.holdParts = false;
          await this.releasePart();
        },
        'user.pauses': () => this.button('Pause').click(),
        'user.resumes': async () => {
          const count = this.parts.length;
          await this.button('Resume').click();
          await this.nextPart(count);
        },
        'connection.drops': async () => {
          this.down = true;
          const part = this.parts.at(-1);
          if (!part) throw new Error('No part of the file is on its way.');
          const dropped = this.dropped;
          await part.abort('connectionreset');
          this.dropped += 1;
          // The tus client tries again after each of its delays, every try reset, then it gives up: each
          // delay passes once the request before it has failed.
          for (const [attempt, delay] of RETRY_DELAYS_MS.entries()) {
            await this.droppedRequests(dropped + attempt + 1);
            await this.page.clock.fastForward(delay);
          }
          await this.droppedRequests(dropped + RETRY_DELAYS_MS.length + 1);
          await expect(this.row).toContainText('Stopped');
        },
        'user.retries': async () => {
          this.down = false;
          const count = this.parts.length;
          await this.button('Retry').click();
          await this.nextPart(count);
        },
        'user.cancels': async () => {
          this.overQuota = false;
          await this.uploads.getByRole('button', { name: /^Cancel / }).click();
        },
        'server.finishesChecks': async () => {
          this.holdChecks = false;
          for (const read of this.reads.splice(0)) await read.continue();
        },
        'user.approves': () => this.runs.getByRole('button', { name: /^Approve / }).click(),
      },
    };
  }
}
