import { Check } from 'lucide-react';
import type { TimelineStep } from '../../../contract/orders';
import { dayInWords, instantInWords } from './orderWords';

/** Placed and cancelled are instants; the other steps are days. */
const whenOf = (step: TimelineStep) =>
  step.step === 'placed' || step.step === 'cancelled' ? instantInWords(step.at) : dayInWords(step.at);

const DOT: Record<TimelineStep['state'], string> = {
  done: 'border-primary bg-primary text-white',
  current: 'border-primary bg-white text-primary ring-4 ring-primary-100',
  next: 'border-primary-200 bg-white text-primary-200',
};

/** An order's life in steps: placed → ad due → running → completed (or cancelled). */
export function OrderTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <section
      aria-labelledby="order-timeline"
      className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h2 id="order-timeline" className="text-lg font-bold text-ink">
        Timeline
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-flow-col md:auto-cols-fr md:gap-2">
        {steps.map((step, index) => (
          <li
            key={`${step.step}-${step.at}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="relative flex gap-3 md:flex-col md:items-start"
          >
            {index < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className={`absolute top-7 left-3.5 h-[calc(100%-0.5rem)] w-0.5 md:top-3.5 md:left-7 md:h-0.5 md:w-[calc(100%-1.5rem)] ${
                  step.state === 'done' ? 'bg-primary' : 'bg-primary-100'
                }`}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={`relative z-10 inline-flex size-7 shrink-0 items-center justify-center rounded-full border-2 ${DOT[step.state]}`}
            >
              {step.state === 'done' ? (
                <Check className="size-4" />
              ) : (
                <span className="size-2 rounded-full bg-current" />
              )}
            </span>
            <div>
              <p className={`font-semibold ${step.state === 'next' ? 'text-ink-muted' : 'text-ink'}`}>
                {step.label}
                <span className="sr-only">
                  {step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (now)' : ' (to come)'}
                </span>
              </p>
              <p className="text-sm text-ink-muted">{whenOf(step)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
