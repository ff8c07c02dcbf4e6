import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgresDatabase } from '../postgres';
import { pgliteFolder } from '../serverProcess';

/**
 * The databases a soak runs on, each with the folder its ad files go to and a way to read it back
 * once the server has stopped, to find every write the server acknowledged.
 */

export interface Rows {
  rows<T extends Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export interface SoakDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /** The server's settings for it: the folder or URL, the uploads folder, how many server processes. */
  env: Record<string, string>;
  uploadsDir: string;
  /** Opens it for reading (the embedded one only once its server has let it go). */
  open(): Promise<Rows>;
  remove(): Promise<void>;
}

/** A copy of the seeded PGlite template in a folder of its own; its ad files beside it. */
export async function soakOnPglite(template: string): Promise<SoakDatabase> {
  const folder = await pgliteFolder(template);
  const uploadsDir = path.join(path.dirname(folder.dataDir), 'uploads');
  return {
    name: 'PGlite',
    env: { DATA_DIR: folder.dataDir, UPLOADS_DIR: uploadsDir },
    uploadsDir,
    open: async () => {
      const database = await PGlite.create({ dataDir: folder.dataDir });
      return {
        rows: async <T extends Record<string, unknown>>(sql: string) => (await database.query<T>(sql)).rows,
        close: () => database.close(),
      };
    },
    remove: async () => folder.remove(),
  };
}

/**
 * A new database on the PostgreSQL server at `serverUrl` (`…/postgres`), seeded by the server's first
 * start or copied from a seeded `template`, served by two server processes (a kill leaves one serving).
 */
export async function soakOnPostgres(serverUrl: string, template?: string): Promise<SoakDatabase> {
  const database = await postgresDatabase(serverUrl, 'soak', template);
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'adlane-soak-uploads-'));
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: database.url, WEB_CONCURRENCY: '2', UPLOADS_DIR: uploadsDir },
    uploadsDir,
    open: async () => ({ rows: database.query, close: async () => {} }),
    remove: async () => {
      await database.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
