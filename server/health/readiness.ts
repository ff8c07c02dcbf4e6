/**
 * What a load balancer asks before it sends a server process requests (`GET /readyz`): each part
 * the process needs, whether it is in order, and what is wrong when it is not. Parts are either set
 * by the process as it starts and stops (`set`, `draining`), or looked at on every question (a
 * probe: the database answers now, or it does not).
 */

export type ReadinessPart = 'database' | 'migrations' | 'searchIndex' | 'jobs' | 'draining';

export interface PartState {
  ok: boolean;
  /** What is wrong, in a sentence an operator can act on (never an error's text: it may name hosts). */
  detail?: string;
}

export type Probe = () => PartState | Promise<PartState>;

export interface ReadinessReport {
  ready: boolean;
  /** The parts not in order, in the order they are listed. */
  failing: string[];
  parts: Record<string, PartState>;
}

/** A probe that has not answered by then counts as failing: a load balancer waits for no one. */
const PROBE_MS = 1_000;

async function probed(probe: Probe, ms: number): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PartState>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `It did not answer within ${ms / 1000} s.` }), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(probe), late]);
  } catch {
    return { ok: false, detail: 'Checking it failed.' };
  } finally {
    clearTimeout(timer);
  }
}

export class Readiness {
  private readonly states = new Map<string, PartState>([['draining', { ok: true }]]);
  private readonly probes = new Map<string, Probe>();

  constructor(
    probes: Partial<Record<ReadinessPart, Probe>> = {},
    private readonly probeMs = PROBE_MS,
  ) {
    for (const [part, probe] of Object.entries(probes)) if (probe) this.probes.set(part, probe);
  }

  /** Says how a part stands from now on (replacing its probe, if it had one). */
  set(part: ReadinessPart, ok: boolean, detail?: string): void {
    this.probes.delete(part);
    this.states.set(part, detail === undefined ? { ok } : { ok, detail });
  }

  /** The process is stopping: load balancers are to send it nothing new from now on. */
  draining(): void {
    this.set('draining', false, 'This server process is stopping: send requests to another.');
  }

  async report(): Promise<ReadinessReport> {
    const answers = await Promise.all(
      [...this.probes].map(async ([part, probe]) => [part, await probed(probe, this.probeMs)] as const),
    );
    const parts: Record<string, PartState> = {};
    for (const [part, state] of [...answers, ...this.states]) parts[part] = state;
    const failing = Object.entries(parts)
      .filter(([, state]) => !state.ok)
      .map(([part]) => part);
    return { ready: failing.length === 0, failing, parts };
  }
}
