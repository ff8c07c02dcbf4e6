import { reportMonth, SALES_GROUPS } from '../../../contract/adminReports';
import type { ReportsSearch } from '../../api/admin/reports';
import { oneOf, type RawSearch, text } from '../searchParams';

const month = (value: unknown) => {
  const candidate = text(value, 7);
  return candidate && reportMonth.safeParse(candidate).success ? candidate : undefined;
};

/** The reports page's period and grouping in the address; odd values are dropped (the defaults apply). */
export const parseReportsSearch = (raw: RawSearch): ReportsSearch => ({
  from: month(raw.from),
  to: month(raw.to),
  by: oneOf(raw.by, SALES_GROUPS),
});
