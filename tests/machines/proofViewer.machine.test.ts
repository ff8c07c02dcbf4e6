import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import {
  type ProofSource,
  proofViewerMachine,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../../machines/files/proofViewer.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const source = (name = 'cover.pdf'): ProofSource => ({
  file: { id: 'f1', name, format: 'pdf' } as AdFile,
  blob: new Blob([new Uint8Array(8)]),
  type: 'application/pdf',
  html: null,
});

/** The proof viewer of issue 33 with its load held by the test, and the URLs it let go. */
function viewer() {
  const loads = heldCalls<[string], ProofSource>();
  const actor = createActor(
    proofViewerMachine.provide({
      actors: { loadProof: fromPromise(({ input }) => loads.call(input.id)) },
    }),
    { input: { id: 'f1' } },
  ).start();
  const context = () => actor.getSnapshot().context;
  return { actor, loads, context, state: () => actor.getSnapshot().value };
}

/** A viewer over a PDF of `pages` pages, drawn and ready. */
async function readyOver(pages: number) {
  const v = viewer();
  v.loads.nth(0).answer(source());
  await flush();
  v.actor.send({ type: 'proof.loaded', pages });
  return v;
}

describe('the proof viewer', () => {
  it('loads the file, waits for the page to draw it, then shows page 1 of its pages at fit', async () => {
    const v = viewer();
    expect(v.state()).toEqual({ loading: 'fetching' });
    expect(v.loads.asked()).toEqual([['f1']]);
    v.loads.nth(0).answer(source());
    await flush();
    expect(v.state()).toEqual({ loading: 'drawing' });
    expect(v.context().source?.file.name).toBe('cover.pdf');
    v.actor.send({ type: 'page.next' });
    expect(v.context().page).toBe(1);
    v.actor.send({ type: 'proof.loaded', pages: 4 });
    expect(v.state()).toBe('ready');
    expect(v.context()).toMatchObject({ page: 1, pages: 4, zoom: 1, pan: { x: 0, y: 0 }, error: null });
  });

  it('turns pages within the file, and a turned page comes back in place', async () => {
    const v = await readyOver(3);
    v.actor.send({ type: 'page.previous' });
    expect(v.context().page).toBe(1);
    v.actor.send({ type: 'pan.by', dx: 30, dy: -12 });
    v.actor.send({ type: 'page.next' });
    expect(v.context()).toMatchObject({ page: 2, pan: { x: 0, y: 0 } });
    v.actor.send({ type: 'page.next' });
    v.actor.send({ type: 'page.next' });
    expect(v.context().page).toBe(3);
    v.actor.send({ type: 'page.go', page: 0 });
    v.actor.send({ type: 'page.go', page: 4 });
    v.actor.send({ type: 'page.go', page: 1.5 });
    expect(v.context().page).toBe(3);
    v.actor.send({ type: 'page.go', page: 1 });
    expect(v.context().page).toBe(1);
  });

  it('zooms in and out by 1.25 between a quarter and eight times, fits, and shows 1:1 once measured', async () => {
    const v = await readyOver(1);
    v.actor.send({ type: 'zoom.in' });
    expect(v.context().zoom).toBe(1.25);
    v.actor.send({ type: 'zoom.in' });
    expect(v.context().zoom).toBe(1.563);
    v.actor.send({ type: 'pan.by', dx: 5, dy: 6 });
    v.actor.send({ type: 'pan.by', dx: 1, dy: 1 });
    expect(v.context().pan).toEqual({ x: 6, y: 7 });
    for (let i = 0; i < 20; i += 1) v.actor.send({ type: 'zoom.in' });
    expect(v.context().zoom).toBe(ZOOM_MAX);
    for (let i = 0; i < 30; i += 1) v.actor.send({ type: 'zoom.out' });
    expect(v.context().zoom).toBe(ZOOM_MIN);
    v.actor.send({ type: 'zoom.fit' });
    expect(v.context()).toMatchObject({ zoom: 1, pan: { x: 0, y: 0 } });
    v.actor.send({ type: 'zoom.actual' });
    expect(v.context().zoom).toBe(1);
    v.actor.send({ type: 'proof.measured', actual: 2.5 });
    v.actor.send({ type: 'zoom.actual' });
    expect(v.context().zoom).toBe(2.5);
    v.actor.send({ type: 'proof.measured', actual: 0 });
    expect(v.context().actual).toBe(1);
  });

  it('zooms a pinch in proportion to its small steps, keeping the point under the pointer (found by review)', async () => {
    const v = await readyOver(1);
    // A gentle pinch: ten wheel events of 2 px each zoom about 10 %, not 1.25 to the tenth.
    for (let i = 0; i < 10; i += 1) v.actor.send({ type: 'zoom.by', factor: Math.exp(2 / 200) });
    expect(v.context().zoom).toBeCloseTo(Math.exp(0.1), 2);
    v.actor.send({ type: 'zoom.fit' });
    // Doubled about a point 100 px right of the centre: the page moves 100 px left under it.
    v.actor.send({ type: 'zoom.by', factor: 2, at: { x: 100, y: 0 } });
    expect(v.context().zoom).toBe(2);
    expect(v.context().pan).toEqual({ x: -100, y: 0 });
    // Clamped at eight times, the pan follows the zoom actually made.
    v.actor.send({ type: 'zoom.by', factor: 100, at: { x: 100, y: 0 } });
    expect(v.context().zoom).toBe(8);
    expect(v.context().pan).toEqual({ x: -700, y: 0 });
    v.actor.send({ type: 'zoom.by', factor: Number.NaN });
    expect(v.context().zoom).toBe(8);
  });

  it('reaches 100 % on a large file even past eight times fit (found by review)', async () => {
    const v = await readyOver(1);
    v.actor.send({ type: 'proof.measured', actual: 9.2 });
    v.actor.send({ type: 'zoom.actual' });
    expect(v.context().zoom).toBe(9.2);
    v.actor.send({ type: 'zoom.in' });
    expect(v.context().zoom).toBe(9.2);
  });

  it('keeps the moved page within the limit the view says, and pulls it back when the limit shrinks (found by review)', async () => {
    const v = await readyOver(1);
    v.actor.send({ type: 'pan.limit', x: 100, y: 50 });
    v.actor.send({ type: 'pan.by', dx: 500, dy: -500 });
    expect(v.context().pan).toEqual({ x: 100, y: -50 });
    v.actor.send({ type: 'pan.by', dx: -30, dy: 10 });
    expect(v.context().pan).toEqual({ x: 70, y: -40 });
    // Zoomed out: the view says a smaller limit, and the page comes back into the frame.
    v.actor.send({ type: 'pan.limit', x: 48, y: 48 });
    expect(v.context().pan).toEqual({ x: 48, y: -40 });
  });

  it('fails when the file cannot be loaded, and loads it again on retry', async () => {
    const v = viewer();
    v.loads.nth(0).fail(new Error('The file could not be read. Please try again.'));
    await flush();
    expect(v.state()).toBe('failed');
    expect(v.context().error).toBe('The file could not be read. Please try again.');
    v.actor.send({ type: 'zoom.in' });
    expect(v.context().zoom).toBe(1);
    v.actor.send({ type: 'proof.retry' });
    expect(v.state()).toEqual({ loading: 'fetching' });
    expect(v.context()).toMatchObject({ attempt: 2, error: null });
    expect(v.loads.asked()).toEqual([['f1'], ['f1']]);
  });

  it('fails when the page cannot draw the file, forgetting its bytes and loading them again', async () => {
    const v = await readyOver(2);
    v.actor.send({ type: 'page.next' });
    v.actor.send({ type: 'proof.renderFailed', message: 'Page 2 could not be drawn.' });
    expect(v.state()).toBe('failed');
    expect(v.context().error).toBe('Page 2 could not be drawn.');
    v.actor.send({ type: 'proof.retry' });
    expect(v.context().source).toBeNull();
    v.loads.nth(1).answer(source('cover-2.pdf'));
    await flush();
    v.actor.send({ type: 'proof.renderFailed', message: 'This PDF could not be opened.' });
    expect(v.state()).toBe('failed');
    v.actor.send({ type: 'proof.retry' });
    v.loads.nth(2).answer(source('cover-3.pdf'));
    await flush();
    v.actor.send({ type: 'proof.loaded', pages: 2 });
    expect(v.context()).toMatchObject({ page: 1, pages: 2, attempt: 3 });
  });
});
