import type { Exit } from '../serverProcess';
import { newClient, pick } from './client';
import type { SoakDatabase } from './databases';
import { nextStep } from './mix';
import { SoakRecord } from './record';
import { type SoakServer, startSoakServer } from './server';
import { type Lost, settledFiles, verifyAcknowledged } from './verify';
import { prepareWorld, type World } from './world';

/**
 * A soak run: the server `npm start` runs, on one database, given a realistic mix by `clients` clients
 * for `seconds`, while `kills` of its server processes are sent SIGKILL, spread over the run; then it
 * is stopped and every write it acknowledged is looked for in the database and the file store.
 */

export interface SoakOptions {
  database: SoakDatabase;
  seconds: number;
  clients: number;
  kills: number;
  /** The built site to serve (`dist`), or null for the API only. */
  staticDir: string | null;
  /** Says what the run is doing, for a person watching. */
  progress?: (line: string) => void;
}

export interface Kill {
  pid: number;
  /** `performance.now()` when the signal was sent. */
  at: number;
}

export interface SoakRun {
  options: SoakOptions;
  /** Whether the built site was served (else the API only). */
  site: boolean;
  record: SoakRecord;
  /** When the load started and ended (`performance.now()`). */
  startedAt: number;
  endedAt: number;
  kills: Kill[];
  /** Kills that could not be sent, and why. */
  killsMissed: string[];
  /** What the supervisor and its server processes logged, but the access lines. */
  lines: string[];
  accessLines: number;
  /** Access lines of answers with a 5xx status. */
  serverFiveHundreds: string[];
  supervisorPid: number;
  peakMemory: Map<number, number>;
  /** CPU time the clients themselves took (this process), in ms: they share the machine with the server. */
  clientCpuMs: number;
  /** Clients still waiting for an answer when the run ended, after waiting for them. */
  clientsStuck: number;
  /** Files that arrived whole and were still being checked when the checks were waited for. */
  stillChecking: string[];
  exit: Exit;
  lost: Lost;
}

/** How long the clients' last requests, and the checks of the last files, are waited for. */
const FINISH_WITHIN_MS = 60_000;

const until = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));

/**
 * How long past the run's end a kill may wait for its spare: one loads in about 12 s on two cores
 * busy with the clients (and 3 s after the takeover before it starts), so the second of two kills in
 * a 30 s run may be due before a spare is ready. The clients keep sending meanwhile.
 */
const SPARE_GRACE_MS = 60_000;
/** How long the clients keep sending after the last kill, so what it cost is measured. */
const AFTER_KILL_MS = 5_000;

/** When the clients stop: the run's end, later while a kill waits for a spare or has just been sent. */
interface RunEnd {
  at: number;
}

/**
 * Sends the kills at even intervals over the run, each once a spare is ready to take over (the
 * supervisor says so), to one of the server processes serving; a kill whose spare is not ready by
 * the end of the run holds the end back, for SPARE_GRACE_MS at most.
 */
async function killServerProcesses(server: SoakServer, options: SoakOptions, startedAt: number, end: RunEnd) {
  const kills: Kill[] = [];
  const missed: string[] = [];
  const plannedEnd = end.at;
  const lastChance = plannedEnd + SPARE_GRACE_MS;
  let readyFrom = 0;
  // The clients go on while a kill waits for its spare; the end is settled once the kills are sent.
  end.at = lastChance;
  for (let i = 1; i <= options.kills; i++) {
    await until(startedAt + ((plannedEnd - startedAt) * i) / (options.kills + 1));
    const spare = await Promise.race([
      server.logged(/is ready to take over/, readyFrom).catch(() => null),
      until(lastChance).then(() => null),
    ]);
    const serving = server.serving();
    if (!spare || serving.length === 0) {
      missed.push(
        `kill ${i}: no spare was ready to take over within ${SPARE_GRACE_MS / 1000} s of the run's end`,
      );
      continue;
    }
    const pid = pick(serving);
    readyFrom = server.lines.length;
    kills.push({ pid, at: performance.now() });
    process.kill(pid, 'SIGKILL');
    options.progress?.(`  SIGKILL to server process ${pid}`);
  }
  // The clients go on for a while after the last kill, and at least until the run's planned end.
  end.at = Math.max(plannedEnd, (kills.at(-1)?.at ?? 0) + AFTER_KILL_MS);
  return { kills, missed };
}

async function load(world: World, clients: number, end: RunEnd, killsSent: Promise<unknown>) {
  const lanes = Array.from({ length: clients }, async () => {
    const client = newClient();
    while (performance.now() < end.at) await nextStep()(client, world);
  });
  const all = Promise.all(lanes).then(() => 0);
  let finished = 0;
  for (const lane of lanes) void lane.then(() => finished++);
  // The end is settled once the kills are sent: then the last requests have FINISH_WITHIN_MS.
  const stuck = await Promise.race([
    all,
    killsSent.then(() => until(end.at + FINISH_WITHIN_MS)).then(() => clients - finished),
  ]);
  return stuck;
}

export async function runSoak(options: SoakOptions): Promise<SoakRun> {
  const { database, progress } = options;
  const site = options.staticDir !== null;
  progress?.(
    `${database.name}: starting the server (${site ? `the site in ${options.staticDir}` : 'the API only'})`,
  );
  const starting = performance.now();
  const server = await startSoakServer({
    ...database.env,
    STATIC_DIR: options.staticDir ?? '/nonexistent/adlane-no-build',
  });
  progress?.(`${database.name}: serving after ${((performance.now() - starting) / 1000).toFixed(1)} s`);
  try {
    const record = new SoakRecord();
    const world = await prepareWorld(server, record, options.staticDir);
    const startedAt = performance.now();
    const end: RunEnd = { at: startedAt + options.seconds * 1000 };
    progress?.(
      `${database.name}: ${options.clients} clients for ${options.seconds} s, ${options.kills} kills, on ${server.base}`,
    );
    const cpu = process.cpuUsage();
    const minutes = setInterval(() => {
      const elapsed = Math.round((performance.now() - startedAt) / 1000);
      progress?.(`  ${elapsed} s: ${record.outcomes.length.toLocaleString('en-US')} requests`);
    }, 60_000);
    const killing = killServerProcesses(server, options, startedAt, end);
    const clientsStuck = await load(world, options.clients, end, killing).finally(() =>
      clearInterval(minutes),
    );
    const { kills, missed } = await killing;
    const endedAt = performance.now();
    const used = process.cpuUsage(cpu);
    progress?.(`${database.name}: load over; waiting for the last files' checks, then stopping the server`);
    const stillChecking = await settledFiles(world, FINISH_WITHIN_MS);
    const exit = await server.stop();
    const lost = await verifyAcknowledged(record, database);
    return {
      options,
      site: world.site !== null,
      record,
      startedAt,
      endedAt,
      kills,
      killsMissed: missed,
      lines: server.lines,
      accessLines: server.accessLines(),
      serverFiveHundreds: server.fiveHundreds,
      supervisorPid: server.pid,
      peakMemory: server.peakMemory,
      clientCpuMs: (used.user + used.system) / 1000,
      clientsStuck,
      stillChecking,
      exit,
      lost,
    };
  } finally {
    await server.stop();
  }
}
