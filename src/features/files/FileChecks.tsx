import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { FileCheckView } from '../../../contract/adFiles';

const LOOK = {
  passed: { icon: CircleCheck, tone: 'text-mint-700', words: 'Passed' },
  warning: { icon: TriangleAlert, tone: 'text-sunshine-600', words: 'Warning' },
  failed: { icon: CircleAlert, tone: 'text-coral-700', words: 'Failed' },
} as const;

/**
 * What the preflight found, one sentence per check: failures first, then warnings, then what
 * passed, so what needs doing is read first. `only` leaves out the passed ones (a short summary).
 */
export function FileChecks({
  checks,
  label,
  only,
}: {
  checks: readonly FileCheckView[];
  label: string;
  only?: 'problems';
}) {
  const order = { failed: 0, warning: 1, passed: 2 };
  const shown = [...checks]
    .filter((check) => only !== 'problems' || check.result !== 'passed')
    .sort((a, b) => order[a.result] - order[b.result]);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-1.5 text-sm">
      {shown.map((check) => {
        const look = LOOK[check.result];
        const Icon = look.icon;
        return (
          <li key={`${check.name}-${check.message}`} className="flex items-start gap-2">
            <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.tone}`} />
            <span>
              <span className="sr-only">{look.words}: </span>
              <span className="font-semibold text-ink">
                {check.name.charAt(0).toUpperCase() + check.name.slice(1)}
              </span>{' '}
              <span className="text-ink-soft">{check.message}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
