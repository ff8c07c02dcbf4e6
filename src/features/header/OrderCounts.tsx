import { useOrdersStats } from '../../system/hooks/session';

/** "2 upcoming · 1 running" beside Orders in the account menus: what is booked and live, at a glance. */
export function OrderCounts() {
  const stats = useOrdersStats();
  if (!stats || stats.upcoming + stats.running === 0) return null;
  const parts = [
    stats.upcoming > 0 ? `${stats.upcoming} upcoming` : null,
    stats.running > 0 ? `${stats.running} running` : null,
  ].filter(Boolean);
  return <span className="ml-auto text-xs font-semibold text-primary-700">{parts.join(' · ')}</span>;
}
