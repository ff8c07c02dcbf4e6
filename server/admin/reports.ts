import { addDays } from 'date-fns';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  conversionQuery,
  FILES_AT_RISK_DAYS,
  type FilesAtRiskReport,
  filesAtRiskQuery,
  type Period,
  type PeriodQuery,
  periodOf,
  salesQuery,
} from '../../contract/adminReports';
import { isoDay } from '../../contract/schedule';
import { conversionSums, riskStateOf, riskyRuns } from '../data/riskReports';
import { bookedSums, boundsOf, collectedByMonth, deliveredSums } from '../data/salesReport';
import type { AppEnv } from '../env';
import { ok } from '../http/envelope';
import { BadInput } from '../http/validate';
import { query } from '../http/validators';
import { requireStaff, signedInStaff } from './auth';
import { conversionCsv, filesAtRiskCsv, salesCsv } from './reportCsv';
import { companyScope, salesScope } from './reportScope';
import { conversionReportOf, salesReportOf } from './reportViews';

/**
 * GET /admin/reports/*: one route per report (issue 32, part 4), each for `reports.read`, each scoped
 * for a rep (sales to their own sales; money in, carts and files at risk to their current
 * companies), each as JSON or, with `?format=csv`, as a spreadsheet to download.
 */

/** The period asked for, or a 400 saying what to change. */
function periodAsked(asked: PeriodQuery, now: Date): Period {
  const period = periodOf(asked, now);
  if ('error' in period) throw new BadInput(period.error);
  return period;
}

/** A CSV download, named for the report and its period, with a byte-order mark for spreadsheets. */
const csvAnswer = (c: Context<AppEnv>, name: string, text: string) =>
  c.body(`\uFEFF${text}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${c.var.config.cookiePrefix}-${name}.csv"`,
  });

export const reportRoutes = new Hono<AppEnv>()
  .get('/reports/sales', requireStaff('reports.read'), query(salesQuery), async (c) => {
    const asked = c.req.valid('query');
    const member = signedInStaff(c);
    const now = c.var.clock();
    const period = periodAsked(asked, now);
    const bounds = boundsOf(period.from, period.to);
    const [booked, delivered, collected] = await Promise.all([
      bookedSums(c.var.db, asked.by, bounds, salesScope(member)),
      deliveredSums(c.var.db, asked.by, bounds, now, salesScope(member)),
      asked.by === 'month' ? collectedByMonth(c.var.db, bounds, companyScope(member)) : null,
    ]);
    const report = salesReportOf(period, asked.by, { booked, delivered, collected });
    if (asked.format === 'csv')
      return csvAnswer(c, `sales-by-${asked.by}-${period.from}-to-${period.to}`, salesCsv(report));
    return ok(c, report);
  })
  .get('/reports/files-at-risk', requireStaff('reports.read'), query(filesAtRiskQuery), async (c) => {
    const member = signedInStaff(c);
    const now = c.var.clock();
    // An operational list of what is due now, not a sales figure: it follows the company's current
    // rep, as the orders queue does, so a company moved to another rep goes with it.
    const rows = await riskyRuns(c.var.db, now, FILES_AT_RISK_DAYS, companyScope(member));
    const report: FilesAtRiskReport = {
      as_of: now.toISOString(),
      until: addDays(now, FILES_AT_RISK_DAYS).toISOString(),
      runs: rows.map((row) => ({
        order_number: row.number,
        company: row.company,
        placement: row.placement,
        run: row.run,
        run_label: row.label,
        ad_due_at: row.adDueAt.toISOString(),
        file_state: riskStateOf(row),
        file_name: row.fileName,
      })),
    };
    if (c.req.valid('query').format === 'csv')
      return csvAnswer(c, `files-at-risk-${isoDay(now)}`, filesAtRiskCsv(report));
    return ok(c, report);
  })
  .get('/reports/conversion', requireStaff('reports.read'), query(conversionQuery), async (c) => {
    const asked = c.req.valid('query');
    const period = periodAsked(asked, c.var.clock());
    const sums = await conversionSums(
      c.var.db,
      boundsOf(period.from, period.to),
      companyScope(signedInStaff(c)),
    );
    const report = conversionReportOf(period, sums);
    if (asked.format === 'csv')
      return csvAnswer(c, `conversion-${period.from}-to-${period.to}`, conversionCsv(report));
    return ok(c, report);
  });
