import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface AdReminderProps {
  brand: Brand;
  firstname: string;
  /** Who placed the order, when they have left the team and the reminder goes to its managers. */
  placedBy: string | null;
  placement: string;
  run: string;
  order: string;
  due: string;
  daysLeft: number;
  latest: { name: string; status: string; problems: string[] } | null;
  link: string;
}

export const dueIn = (p: Pick<AdReminderProps, 'daysLeft' | 'due'>) =>
  p.daysLeft === 1 ? 'tomorrow' : `in ${p.daysLeft} days, on ${p.due}`;

function latestFile(latest: AdReminderProps['latest']): string {
  if (!latest) return 'No file has been sent for it yet.';
  const name = mailText(latest.name, 'your file');
  if (latest.problems.length > 0)
    return `Your latest file, ${name}, needs attention: ${latest.problems.join(' ')}`;
  return latest.status === 'passed'
    ? `Your latest file, ${name}, passed its checks: approve it on the order's page.`
    : `Your latest file, ${name}, is still being checked.`;
}

export const AdReminder = (p: AdReminderProps) => (
  <Layout
    brand={p.brand}
    preview={`Your ad is due ${dueIn(p)}`}
    heading={`Your ad for ${p.placement} is due ${dueIn(p)}`}
    why="You get this because ad reminders are on for your account."
  >
    <Para>
      Hi {mailText(p.firstname, 'there')}, the ad for {p.placement}, {p.run} (order {p.order}
      {p.placedBy ? `, placed by ${mailText(p.placedBy, 'a former colleague')}, who has left your team` : ''}
      ), is due {dueIn(p)}.
    </Para>
    <Para>{latestFile(p.latest)}</Para>
    <Action href={p.link} label="Open the order" />
  </Layout>
);
