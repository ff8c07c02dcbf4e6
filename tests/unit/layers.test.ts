import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer check (`npm run lint:layers`) is itself tested: a small project laid out like this one,
 * with one file breaking each rule (and files that break nothing), cruised with the project's own
 * configuration. Each probe must be caught by its rule, and nothing else may be reported.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

const FILES: Record<string, string> = {
  'src/features/page.ts': 'export const page = 1;\n',
  'src/routes/route.ts': 'export const route = 1;\n',
  'server/db.ts': 'export const db = 1;\n',
  'tests/helper.ts': 'export const helper = 1;\n',
  'machines/ok.ts': "import type { Plan } from '../contract/plan';\nexport type Ok = Plan;\n",
  'contract/plan.ts': 'export interface Plan { name: string }\n',
  // machines/ stays pure, whichever way a module is imported.
  'machines/value.ts': "import { config } from '../src/config';\nexport const c = config;\n",
  'machines/typeImport.ts': "import type { Config } from '../src/config';\nexport type C = Config;\n",
  'machines/inlineType.ts': "import { type Config } from '../src/config';\nexport type C = Config;\n",
  'machines/typeReexport.ts': "export type { Config } from '../src/config';\n",
  'machines/inlineReexport.ts': "export { type Config } from '../src/config';\n",
  'machines/importType.ts': "export type C = import('../src/config').Config;\n",
  'machines/typeofImport.ts': "export type C = typeof import('../src/config');\n",
  'machines/npm.ts': "import type { ReactNode } from 'react';\nexport type N = ReactNode;\n",
  'machines/importEquals.ts':
    "import type Config = require('../src/config');\nexport type C = typeof Config;\n",
  'machines/augment.ts':
    "declare module '../src/config' {\n  interface Config { b: string }\n}\nexport {};\n",
  // The app's settings are a leaf: they read the contract, nothing of the app.
  'src/config.ts':
    "import { page } from './features/page';\nexport interface Config { a: number }\nexport const config = { a: page };\n",
  'contract/reachesUp.ts': "import type { Ok } from '../machines/ok';\nexport type R = Ok;\n",
  'server/client.ts': "import { config } from '../src/config';\nexport const c = config;\n",
  'src/server.ts': "import { db } from '../server/db';\nexport const d = db;\n",
  'src/lib/up.ts': "import { page } from '../features/page';\nexport const p = page;\n",
  'src/system/up.ts': "import { page } from '../features/page';\nexport const p = page;\n",
  'src/features/up.ts': "import { route } from '../routes/route';\nexport const r = route;\n",
  'src/testCode.ts': "import { helper } from '../tests/helper';\nexport const h = helper;\n",
  // One cycle, reported once (from the first of its modules).
  'contract/cycleA.ts': "import type { B } from './cycleB';\nexport interface A { b?: B }\n",
  'contract/cycleB.ts': "import type { A } from './cycleA';\nexport interface B { a?: A }\n",
};

const EXPECTED = [
  'client-is-not-the-server: src/server.ts → server/db.ts',
  'config-is-a-leaf: src/config.ts → src/features/page.ts',
  'contract-stands-alone: contract/reachesUp.ts → machines/ok.ts',
  'features-below-routes: src/features/up.ts → src/routes/route.ts',
  'lower-layers-of-src: src/lib/up.ts → src/features/page.ts',
  'machines-are-pure: machines/augment.ts → src/config.ts',
  'machines-are-pure: machines/importEquals.ts → src/config.ts',
  'machines-are-pure: machines/importType.ts → src/config.ts',
  'machines-are-pure: machines/inlineReexport.ts → src/config.ts',
  'machines-are-pure: machines/inlineType.ts → src/config.ts',
  'machines-are-pure: machines/npm.ts → node_modules/react/index.js',
  'machines-are-pure: machines/typeImport.ts → src/config.ts',
  'machines-are-pure: machines/typeReexport.ts → src/config.ts',
  'machines-are-pure: machines/typeofImport.ts → src/config.ts',
  'machines-are-pure: machines/value.ts → src/config.ts',
  'no-circular: contract/cycleA.ts → contract/cycleB.ts',
  'no-test-code-in-the-product: src/testCode.ts → tests/helper.ts',
  'server-is-not-the-client: server/client.ts → src/config.ts',
  'system-below-features: src/system/up.ts → src/features/page.ts',
];

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let project = '';

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'adlane-layers-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
  cpSync(path.join(ROOT, 'scripts/layers'), path.join(project, 'scripts/layers'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the layer check catches every kind of import that breaks the layers', () => {
  it('reports each probe under its rule, and nothing else', () => {
    let output = '';
    try {
      output = execFileSync(
        path.join(ROOT, 'node_modules/.bin/depcruise'),
        [
          '--config',
          path.join(ROOT, '.dependency-cruiser.cjs'),
          '--output-type',
          'json',
          'src/**/*.ts',
          'machines/**/*.ts',
          'contract/**/*.ts',
          'server/**/*.ts',
        ],
        { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      // depcruise exits non-zero when it finds violations; its answer is still on stdout.
      output = String((error as { stdout?: unknown }).stdout ?? '');
    }
    const violations = (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
    // npm modules resolve through the symlinked node_modules: name them from there.
    const named = (file: string) => file.replace(/^.*?node_modules\//, 'node_modules/');
    const found = [...new Set(violations.map((v) => `${v.rule.name}: ${v.from} → ${named(v.to)}`))].sort();
    expect(found).toEqual(EXPECTED);
  });
});
