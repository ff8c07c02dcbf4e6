import type { APIRequestContext, Page, ViewportSize } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { CoverageLog } from '../model/coverageLog';
import { type ModelKit, type ModelParams, recordName } from '../model/modelKit';
import { test } from './fixtures';

/** What a browser world is made from, for one path. */
interface BrowserFixtures {
  page: Page;
  request: APIRequestContext;
  baseURL: string | undefined;
}

/** An adapter in Chromium: its checks and stimuli for the model. */
interface PathWorld<TMachine extends AnyStateMachine> {
  params(): ModelParams<TMachine>;
}

interface BrowserModelOptions<TMachine extends AnyStateMachine, TWorld extends PathWorld<TMachine>> {
  /** The model's name in tests/model/models.ts: its records are `<name>-browser-<nn>.json`. */
  name: string;
  /** The title of the block that runs every path in Chromium. */
  title: string;
  viewport: ViewportSize;
  /** A path's time limit, when the default is too short for it (ms). */
  timeout?: number;
  /** A fresh world for one path, ready for the path's first check. */
  world: (fixtures: BrowserFixtures) => TWorld | Promise<TWorld>;
  /** What to check once the path passed, before its record is saved. */
  afterPath?: (world: TWorld) => void | Promise<void>;
}

/**
 * Adapter (b) of a model (tests/model/models.ts): every generated path as a test in Chromium against
 * the running app, each in a fresh world, saving what it checked once the path passed.
 * `npm run test:model` reads those records to report what the adapter covered.
 */
export function testModelInBrowser<TMachine extends AnyStateMachine, TWorld extends PathWorld<TMachine>>(
  kit: ModelKit<TMachine>,
  { name, title, viewport, timeout, world: makeWorld, afterPath }: BrowserModelOptions<TMachine, TWorld>,
) {
  test.describe(title, () => {
    test.use({ viewport });

    kit.paths().forEach((path, index) => {
      test(kit.describePath(path), async ({ page, request, baseURL }) => {
        if (timeout) test.setTimeout(timeout);
        const log = new CoverageLog();
        const world = await makeWorld({ page, request, baseURL });
        await kit.testModel.testPath(path, log.wrap(world.params()));
        await afterPath?.(world);
        log.save(recordName(name, 'browser', index));
      });
    });
  });
}
