import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { FileCheckView } from '../../../../contract/adFiles';
import type { NumberedPlace } from './proofBoxes';

const LOOK = {
  passed: { icon: CircleCheck, tone: 'text-mint-700', words: 'Passed' },
  warning: { icon: TriangleAlert, tone: 'text-sunshine-600', words: 'Warning' },
  failed: { icon: CircleAlert, tone: 'text-coral-700', words: 'Failed' },
} as const;
const ORDER = { failed: 0, warning: 1, passed: 2 };

/**
 * What the checks found, problems first; a check marked on the proof names its numbered frames and
 * their pages, so the list says in words what the red frames show.
 */
export function ProofChecks({
  checks,
  marks,
}: {
  checks: readonly FileCheckView[];
  marks: readonly NumberedPlace[];
}) {
  const shown = [...checks].sort((a, b) => ORDER[a.result] - ORDER[b.result]);
  return (
    <section aria-labelledby="proof-checks" className="grid gap-3">
      <h2 id="proof-checks" className="text-lg font-bold text-ink">
        What the checks found
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-ink-soft">No checks yet.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {shown.map((check) => {
            const look = LOOK[check.result];
            const Icon = look.icon;
            const mine = marks.filter((mark) => mark.check === check);
            return (
              <li key={`${check.name}-${check.message}`} className="flex items-start gap-2">
                <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.tone}`} />
                <span className="grid gap-1">
                  <span>
                    <span className="sr-only">{look.words}: </span>
                    <span className="font-semibold text-ink">
                      {check.name.charAt(0).toUpperCase() + check.name.slice(1)}
                    </span>{' '}
                    <span className="text-ink-soft">{check.message}</span>
                  </span>
                  {mine.length > 0 ? (
                    <span className="flex flex-wrap items-center gap-1 text-ink-soft">
                      Marked on the proof:
                      {mine.map((mark) => (
                        <span key={mark.number} className="inline-flex items-center gap-1">
                          <span className="flex size-5 items-center justify-center rounded-full bg-coral-700 text-xs font-bold text-white">
                            {mark.number}
                          </span>
                          <span>on page {mark.page}</span>
                        </span>
                      ))}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
