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
  /** When the last of its runs was booked with the publisher, once every one is (issue 31). */
  bookedAt?: Date | null;
  /** When the last of its runs was marked delivered, once every one is. */
  deliveredAt?: Date | null;
}

/**
 * An order's life in steps: placed → ad due → running → completed, or placed → cancelled; "booked with
 * the publisher" and "delivered" join them once the back office did that for every run (issue 31). A step is
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
  const { bookedAt, deliveredAt } = facts;
  const steps: (Omit<TimelineStep, 'state'> & { done: boolean })[] = [
    {
      step: 'ad-due',
      label: several ? 'First ad due' : 'Ad due',
      at: isoDay(facts.adDue),
      done: now > facts.adDue,
    },
    ...(bookedAt
      ? [{ step: 'booked' as const, label: 'Booked with the publisher', at: isoDay(bookedAt), done: true }]
      : []),
    { step: 'running', label: 'Running', at: isoDay(facts.startsAt), done: now > facts.endsAt },
    ...(deliveredAt
      ? [{ step: 'delivered' as const, label: 'Delivered', at: isoDay(deliveredAt), done: true }]
      : []),
    { step: 'completed', label: 'Completed', at: isoDay(facts.endsAt), done: now > facts.endsAt },
  ];
  const current = steps.findIndex((step) => !step.done);
  return [
    placed,
    ...steps.map(
      ({ done, ...step }, i): TimelineStep => ({
        ...step,
        state: done ? 'done' : i === current ? 'current' : 'next',
      }),
    ),
  ];
}
