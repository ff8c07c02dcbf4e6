import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelCoverage } from '../../contract/modelCoverage';
import { createApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { DRIVERS, type Harness } from './harness';

const [, openPglite] = DRIVERS[0] ?? [];

describe('the model tests’ coverage, for the inspector', () => {
  let h: Harness;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-coverage-'));
  beforeAll(async () => {
    if (!openPglite) throw new Error('No PGlite driver');
    h = await openPglite({});
  });
  afterAll(async () => {
    await h.close();
  });
  const appWith = (env: NodeJS.ProcessEnv) =>
    createApp({ db: h.database.db, config: readServerConfig(env), catalogue: h.catalogue });
  const read = async (env: NodeJS.ProcessEnv) => {
    const answer = await appWith(env).request('/api/v1/dev/model-coverage');
    return {
      status: answer.status,
      body: (await answer.json()) as { data?: ModelCoverage; message?: string },
    };
  };

  it('answers what the last test:model run wrote', async () => {
    const file = path.join(dir, 'machines.json');
    const written: ModelCoverage = {
      ranAt: '2026-11-26T10:00:00.000Z',
      models: ['auth', 'cart'],
      machines: { session: ['session.auth.checking --auth.ok--> session.auth.decided'] },
    };
    writeFileSync(file, JSON.stringify(written));
    const { status, body } = await read({ MODEL_COVERAGE_FILE: file });
    expect(status).toBe(200);
    expect(body.data).toEqual(written);
  });

  it('says how to make it when there is none, and when the file is not test:model’s', async () => {
    const missing = await read({ MODEL_COVERAGE_FILE: path.join(dir, 'nothing.json') });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('npm run test:model');
    const garbled = path.join(dir, 'garbled.json');
    writeFileSync(garbled, '{"machines": [');
    const bad = await read({ MODEL_COVERAGE_FILE: garbled });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('npm run test:model');
  });

  it('is never served in production', async () => {
    const file = path.join(dir, 'machines.json');
    const { status, body } = await read({ NODE_ENV: 'production', MODEL_COVERAGE_FILE: file });
    expect(status).toBe(404);
    expect(body.message).toContain('never run in production');
  });
});
