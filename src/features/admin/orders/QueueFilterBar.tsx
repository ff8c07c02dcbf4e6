import type { QueueFilters } from '../../../../contract/adminOrders';
import { MEDIA_TYPES } from '../../../../contract/mediaTypes';
import { QUEUE_STATUS_LABELS } from '../../../lib/adminSearch/ordersQueue';
import { mediaLabel } from '../../../lib/channels';
import { Labelled } from './Labelled';
import { QueueSearchBox } from './QueueSearchBox';

const field = 'h-10 rounded-button border border-primary-200 bg-white px-3 text-ink';
const label = 'grid gap-1 text-sm font-semibold text-ink';

/** The queue's filters; each change is a new address (and so a new request), back to page 1; the words once typing pauses. */
export function QueueFilterBar({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange(next: QueueFilters): void;
}) {
  const set = <K extends keyof QueueFilters>(key: K, value: QueueFilters[K] | '') => {
    const { page: _page, [key]: _old, ...rest } = filters;
    onChange(value === '' || value === undefined ? rest : { ...rest, [key]: value });
  };
  return (
    <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <QueueSearchBox
        text={filters.q ?? ''}
        onSearch={(text) => set('q', text)}
        className={`${label} sm:col-span-2`}
        inputClassName={field}
      />
      <Labelled label="Status" className={label}>
        {(id) => (
          <select
            id={id}
            value={filters.status ?? ''}
            onChange={(e) => set('status', e.target.value as QueueFilters['status'])}
            className={field}
          >
            <option value="">Any</option>
            {Object.entries(QUEUE_STATUS_LABELS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Channel" className={label}>
        {(id) => (
          <select
            id={id}
            value={filters.channel ?? ''}
            onChange={(e) => set('channel', e.target.value as QueueFilters['channel'])}
            className={field}
          >
            <option value="">Any</option>
            {MEDIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {type === 'digital' ? 'Online' : mediaLabel(type)}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Ad due from" className={label}>
        {(id) => (
          <input
            id={id}
            type="date"
            value={filters.due_from ?? ''}
            onChange={(e) => set('due_from', e.target.value)}
            className={field}
          />
        )}
      </Labelled>
      <Labelled label="to" className={label}>
        {(id) => (
          <input
            id={id}
            type="date"
            value={filters.due_to ?? ''}
            onChange={(e) => set('due_to', e.target.value)}
            className={field}
          />
        )}
      </Labelled>
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          checked={filters.no_approved_file === 'yes'}
          onChange={(e) => set('no_approved_file', e.target.checked ? 'yes' : '')}
          className="size-5"
        />
        No approved file
      </label>
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          checked={filters.needs_attention === 'yes'}
          onChange={(e) => set('needs_attention', e.target.checked ? 'yes' : '')}
          className="size-5"
        />
        Needs attention
      </label>
    </search>
  );
}
