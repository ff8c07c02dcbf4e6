import type { TimelineStep } from '../../contract/orders';
import { isoDay } from '../../contract/schedule';
import type { Run } from './runs';

/** What the timeline is drawn from: the order's instants and its runs' first start, last end and ad due. */
export interface TimelineFacts {
  placedAt: Date;
  cancelledAt: Date | null;
  /** The earliest ad-due instant (the end of its day), the first start and the last end of its runs. */
  adDue: Date;
  startsAt: Date;
  endsAt: Date;
  runs: readonly Run[];
}

/**
 * An order's life in steps: placed → ad due → running → completed, or placed → cancelled. A step is
 * done once its moment has passed (the ad-due day is over; the running step and the completed one once
 * the last run has ended); the first step not done is where the order is now (`current`), and the rest
 * are to come. So while the ad is awaited "ad due" is current, from then until the last run ends
 * "running" is, and a completed order has every step done.
 */
export function timelineOf(facts: TimelineFacts, now: Date): TimelineStep[] {
  const placed: TimelineStep = {
    step: 'placed',
    label: 'Order placed',
    at: facts.placedAt.toISOString(),
    state: 'done',
  };
  if (facts.cancelledAt)
    return [
      placed,
      { step: 'cancelled', label: 'Cancelled', at: facts.cancelledAt.toISOString(), state: 'done' },
    ];
  const several = facts.runs.length > 1;
  const steps: Omit<TimelineStep, 'state'>[] = [
    { step: 'ad-due', label: several ? 'First ad due' : 'Ad due', at: isoDay(facts.adDue) },
    { step: 'running', label: 'Running', at: isoDay(facts.startsAt) },
    { step: 'completed', label: 'Completed', at: isoDay(facts.endsAt) },
  ];
  const done = [now > facts.adDue, now > facts.endsAt, now > facts.endsAt];
  const current = done.indexOf(false);
  return [
    placed,
    ...steps.map(
      (step, i): TimelineStep => ({
        ...step,
        state: done[i] ? 'done' : i === current ? 'current' : 'next',
      }),
    ),
  ];
}
