import { randomUUID } from 'node:crypto';
import { Server } from '@tus/server';
import { EVENTS, type Locker, Metadata, type Upload } from '@tus/utils';
import { sql } from 'drizzle-orm';
import { FILE_ID } from '../../contract/adFiles';
import { UNAUTHENTICATED } from '../../contract/messages';
import {
  COMPANY_QUOTA_BYTES,
  quotaRefusal,
  UPLOAD_KINDS,
  uploadKindOf,
  uploadRefusal,
} from '../../contract/uploads';
import type { BackgroundWork } from '../background';
import type { Account } from '../data/accounts';
import {
  adFileById,
  companyBytes,
  createAdFile,
  deleteAdFile,
  markUploaded,
  touchUpload,
} from '../data/adFiles';
import { findLiveToken } from '../data/tokens';
import type { Db } from '../db/client';
import { fileRuns } from '../db/schema';
import { bearer } from '../http/auth';
import type { Jobs } from '../jobs/queue';
import type { Logger } from '../log';
import { queueCheck } from './checkJob';
import { cleanFileName } from './fileName';
import { type RunCheckTarget, runsTargets } from './runTargets';
import type { UploadStorage } from './storage';
import { sheetTarget } from './target';

/** What an upload is for: the spec sheet it is checked against and the runs it serves (maybe none). */
type UploadTarget =
  | { ok: true; sheet: string; runs: RunCheckTarget['order'][] }
  | { ok: false; status: number; message: string };

export const UPLOADS_PATH = '/api/v1/uploads';

/** The advisory lock space of a company's upload quota (the second key is the company's id). */
const QUOTA_LOCK = 7116;

export interface UploadDeps {
  db: Db;
  storage: UploadStorage;
  clock: () => Date;
  logger: Logger;
  background: BackgroundWork;
  /** Where a file whose bytes are all in gets its check queued. */
  jobs: Jobs;
  /**
   * The upload lock shared by every server process on one PostgreSQL (PgUploadLocker); without it,
   * tus's lock of this process alone (the embedded database has one process).
   */
  locker?: Locker;
}

/** How often a PATCH still streaming says its upload is alive (`last_byte_at`, for the sweeper). */
const PROGRESS_MS = 60_000;

/** Upload-Metadata's keys and values, or none when it does not parse. */
function parseMetadata(header: string | null): Record<string, string | null> {
  try {
    return header ? (Metadata.parse(header) ?? {}) : {};
  } catch {
    return {};
  }
}

/** A refusal the tus server sends as it is: a status and one sentence saying what to do. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

/**
 * The tus endpoint (POST to create, HEAD to ask the offset, PATCH to send bytes, DELETE to cancel).
 * Every call carries the bearer token; an upload of another company answers 404 like an unknown one.
 * Limits are checked at creation, before any byte: the kind's size, the company's 5 GB, and what the
 * file is for (an order's run or a spec sheet). When the last byte is in, the file is preflighted
 * by the job queue (`files.check`), in its turn.
 */
export function createUploadServer(deps: UploadDeps) {
  const { db, clock } = deps;
  /** Who sent each request: set by `handle` before the tus server sees it. */
  const callers = new WeakMap<Request, Account>();
  const callerOf = (req: Request): Account => {
    const account = callers.get(req);
    if (!account) throw refuse(401, UNAUTHENTICATED);
    return account;
  };

  /** All its bytes are in: the file is `checking`, and its check is queued in the same transaction. */
  async function arrived(id: string): Promise<void> {
    await deps.jobs.inTransaction(db, async (tx, send) => {
      await markUploaded(tx, id, clock());
      const file = await adFileById(tx, id);
      if (file) await queueCheck({ send }, file);
    });
  }

  /**
   * What the file is for: runs of an order (`order`, with `run`, or `runs` separated by commas to
   * upload once for several runs; issue 33), or a spec sheet alone.
   */
  async function targetOf(account: Account, metadata: Upload['metadata']): Promise<UploadTarget> {
    const order = metadata?.order?.trim();
    if (order) {
      const listed = (metadata?.runs ?? '')
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
      if (listed.length > 60)
        return { ok: false, status: 422, message: 'Send a file for at most 60 runs at once.' };
      const values = listed.length > 0 ? listed : [metadata?.run?.trim() || null];
      // A run past its deadline still takes an upload, as before: only approving it is refused.
      const outcome = await runsTargets(db, account.companyId, order, values, clock(), { lateAllowed: true });
      if (!outcome.ok) return outcome;
      const [first] = outcome.targets;
      if (!first)
        return { ok: false, status: 422, message: `Say which run of order ${order} the file is for.` };
      return { ok: true, sheet: first.sheet, runs: outcome.targets.map((t) => t.order) };
    }
    const sheet = metadata?.sheet?.trim();
    if (sheet) {
      const outcome = sheetTarget(sheet);
      return outcome.ok ? { ok: true, sheet: outcome.target.sheet, runs: [] } : outcome;
    }
    return {
      ok: false,
      status: 422,
      message: 'Say what the file is for: an order and its run, or a spec sheet to check it against.',
    };
  }

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: deps.storage.datastore,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    maxSize: Math.max(...UPLOAD_KINDS.map((kind) => kind.maxBytes)),
    ...(deps.locker ? { locker: deps.locker } : {}),
    postReceiveInterval: PROGRESS_MS,
    // The tus server refuses a length over `maxSize` before any hook runs, in its own words: say
    // instead what the file is and what it may be.
    onResponseError(req, error) {
      if (!('status_code' in error) || error.status_code >= 500)
        deps.logger.error({ err: error }, 'an upload request failed');
      if (!('status_code' in error) || error.status_code !== 413 || req.method !== 'POST') return undefined;
      const metadata = parseMetadata(req.headers.get('upload-metadata'));
      const name = metadata.filename?.trim() ? cleanFileName(metadata.filename) : 'The file';
      const size = Number(req.headers.get('upload-length') ?? 0);
      const refusal = uploadRefusal({ name, type: metadata.filetype ?? '', size });
      return { status_code: 413, body: refusal ?? error.body };
    },
    async onIncomingRequest(req, id) {
      const account = callerOf(req);
      if (req.method === 'POST') return;
      // Files are read through /files/{id}/download, which never renders them; the tus store's own
      // GET would serve them with the type the uploader declared.
      if (req.method === 'GET') throw refuse(404, 'Download a file from /api/v1/files/{id}/download.');
      const file = FILE_ID.test(id) ? await adFileById(db, id) : null;
      if (!file || file.companyId !== account.companyId) throw refuse(404, 'There is no such upload.');
      if (req.method === 'DELETE' && file.status !== 'uploading')
        throw refuse(409, 'This file has arrived: delete it from your files instead.');
      if (req.method === 'PATCH') await touchUpload(db, id, clock());
      // A process killed after storing the last byte but before marking the file leaves it whole and
      // `uploading`; a tus client that asks the offset and hears every byte is in sends no more.
      if (req.method === 'HEAD' && file.status === 'uploading') {
        // (An upload the store does not have is the tus server's to answer, as before.)
        const stored = await deps.storage.datastore.getUpload(id).catch(() => null);
        if (stored?.size !== undefined && stored.offset === stored.size) await arrived(id);
      }
    },
    async onUploadCreate(req, upload) {
      const account = callerOf(req);
      const metadata = upload.metadata ?? {};
      if (!metadata.filename?.trim()) throw refuse(400, "Send the file's name in the filename metadata.");
      const name = cleanFileName(metadata.filename);
      if (upload.size === undefined)
        throw refuse(400, "Send the file's size when the upload starts (Upload-Length).");
      const type = metadata.filetype ?? '';
      const refusal = uploadRefusal({ name, type, size: upload.size });
      if (refusal) throw refuse(uploadKindOf(type, name) ? 413 : 415, refusal);
      const outcome = await targetOf(account, metadata);
      if (!outcome.ok) throw refuse(outcome.status, outcome.message);
      const size = upload.size;
      // The quota is read and the row written under the company's lock: uploads started at the same
      // instant cannot all pass it.
      const used = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${account.companyId})`);
        const taken = await companyBytes(tx, account.companyId);
        if (taken + size > COMPANY_QUOTA_BYTES) return taken;
        await createAdFile(tx, {
          id: upload.id,
          companyId: account.companyId,
          uploadedBy: account.id,
          name,
          declaredType: type.slice(0, 100),
          size,
          sheet: outcome.sheet,
          createdAt: clock(),
        });
        if (outcome.runs.length > 0)
          await tx.insert(fileRuns).values(
            outcome.runs.map((run) => ({
              fileId: upload.id,
              orderId: run.id,
              runValue: run.run.value ?? '',
              attachedAt: clock(),
              attachedBy: account.id,
            })),
          );
        return null;
      });
      if (used !== null) throw refuse(413, quotaRefusal(name, used));
      return { metadata };
    },
    async onUploadFinish(_req, upload) {
      await arrived(upload.id);
      return {};
    },
  });

  server.on(EVENTS.POST_RECEIVE, (_req, upload) => {
    deps.background.run(() => touchUpload(db, upload.id, clock()));
  });
  // A cancelled upload gives its room back at once.
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    deps.background.run(() => deleteAdFile(db, id));
  });

  return {
    /** Answers one tus request, once its bearer token is known. */
    async handle(req: Request): Promise<Response | null> {
      if (req.method !== 'OPTIONS') {
        const token = bearer(req.headers.get('authorization') ?? undefined);
        const live = token ? await findLiveToken(db, token, 'access', clock()) : null;
        if (!live) return null;
        callers.set(req, live.account);
      }
      return server.handleWeb(req);
    },
  };
}
