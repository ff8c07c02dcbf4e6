import type { AdFileStatusValue } from '../../../contract/adFiles';

/** A file's status in words and colours, the same in the library and on the order page. */
export const FILE_STATUS: Record<
  AdFileStatusValue | 'approved' | 'replaced',
  { words: string; tone: string }
> = {
  uploading: { words: 'Uploading', tone: 'bg-primary-50 text-primary-800' },
  checking: { words: 'Checking', tone: 'bg-primary-50 text-primary-800' },
  passed: { words: 'Passed', tone: 'bg-mint-100 text-mint-700' },
  attention: { words: 'Needs attention', tone: 'bg-coral-100 text-coral-700' },
  rejected: { words: 'Rejected', tone: 'bg-coral-100 text-coral-700' },
  approved: { words: 'Approved', tone: 'bg-mint-200 text-mint-700' },
  /** Another file is its run's approved ad. */
  replaced: { words: 'Replaced', tone: 'bg-cream-200 text-ink-soft' },
};

export function StatusBadge({ status }: { status: keyof typeof FILE_STATUS }) {
  const look = FILE_STATUS[status];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${look.tone}`}>
      {look.words}
    </span>
  );
}
