import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolvedConfig, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import type { DrawnPageChunks } from '../../contract/drawnPages';
import { drawnPageChunks } from '../../scripts/drawnPageChunks';

/**
 * The build's list of what a drawn page imports after its entry (scripts/drawnPageChunks.ts), from a
 * made-up bundle: route files that name themselves, their split chunks and what those import.
 */
function build(bundle: Record<string, { facade?: string; imports?: string[]; dynamicImports?: string[] }>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'adlane-chunks-'));
  mkdirSync(path.join(root, 'src/routes/shop'), { recursive: true });
  writeFileSync(
    path.join(root, 'src/routes/shop/index.tsx'),
    "export const Route = createFileRoute('/shop/')({})",
  );
  writeFileSync(
    path.join(root, 'src/routes/login.tsx'),
    'export const Route = createFileRoute("/login")({})',
  );
  const plugin = drawnPageChunks({
    app: 'src/start.ts',
    takeOver: 'src/adopt.ts',
    atStart: ['src/Picker.tsx'],
  });
  const hook = <T>(h: unknown) => (typeof h === 'function' ? h : (h as { handler: T }).handler) as T;
  hook<(c: Partial<ResolvedConfig>) => void>(plugin.configResolved)({
    root,
    build: { outDir: 'dist' },
  } as never);
  const output = Object.fromEntries(
    Object.entries(bundle).map(([file, chunk]) => [
      file,
      {
        type: 'chunk',
        facadeModuleId: chunk.facade ? path.join(root, chunk.facade) : null,
        imports: chunk.imports ?? [],
        dynamicImports: chunk.dynamicImports ?? [],
      },
    ]),
  ) as unknown as Rollup.OutputBundle;
  const errors: string[] = [];
  const context = { error: (message: string) => errors.push(message) } as unknown as Rollup.PluginContext;
  hook<(this: Rollup.PluginContext, o: unknown, b: Rollup.OutputBundle) => void>(plugin.generateBundle).call(
    context,
    {},
    output,
  );
  if (errors.length) return { errors };
  hook<() => void>(plugin.closeBundle)();
  return {
    errors,
    written: JSON.parse(
      readFileSync(path.join(root, 'dist/.vite/drawn-page-chunks.json'), 'utf8'),
    ) as DrawnPageChunks,
  };
}

describe('the chunks a drawn page imports after its entry', () => {
  it('lists each route’s split chunks with what they import, in run order, and every page’s start-up code', () => {
    const { written } = build({
      'index.js': { facade: 'index.html', imports: ['react.js'] },
      'react.js': {},
      'shop.js': {
        facade: 'src/routes/shop/index.tsx?tsr-split=component',
        imports: ['index.js', 'card.js'],
      },
      'shopLoader.js': { facade: 'src/routes/shop/index.tsx?tsr-split=loader', imports: ['api.js'] },
      'card.js': { imports: ['react.js'], dynamicImports: ['picker.js', 'map.js'] },
      'api.js': {},
      'picker.js': { facade: 'src/Picker.tsx', imports: ['combobox.js'] },
      'combobox.js': {},
      'map.js': { facade: 'src/Map.tsx' },
      'login.js': { facade: 'src/routes/login.tsx?tsr-split=component', imports: ['index.js', 'a.js'] },
      'a.js': { imports: ['b.js'] },
      'b.js': { imports: ['a.js'] },
      'start.js': { facade: 'src/start.ts', imports: ['xstate.js'] },
      'xstate.js': {},
      'adopt.js': { facade: 'src/adopt.ts' },
    });
    // A route's split chunks (component, then loader), each after the chunks it imports.
    expect(written?.routes['/shop/']).toEqual([
      '/react.js',
      '/index.js',
      '/card.js',
      '/shop.js',
      '/api.js',
      '/shopLoader.js',
    ]);
    // The picker its page shows as it starts, apart; the map, fetched on a click, not at all.
    expect(written?.routesAtStart['/shop/']).toEqual(['/combobox.js', '/picker.js']);
    // Two chunks that import each other end the walk, each listed once.
    expect(written?.routes['/login']).toEqual(['/react.js', '/index.js', '/b.js', '/a.js', '/login.js']);
    expect(written?.routesAtStart['/login']).toBeUndefined();
    expect(written?.app).toEqual(['/xstate.js', '/start.js']);
    expect(written?.takeOver).toEqual(['/adopt.js']);
  });

  it('stops the build when a module it is told of is no chunk’s entry any more', () => {
    const { errors } = build({ 'index.js': { facade: 'index.html' } });
    expect(errors).toEqual([
      'src/Picker.tsx is not an entry of any chunk: the list in vite.config.ts is stale.',
      'src/start.ts is not an entry of any chunk: the list in vite.config.ts is stale.',
      'src/adopt.ts is not an entry of any chunk: the list in vite.config.ts is stale.',
    ]);
  });
});
