import { format, isValid, parse, parseISO } from 'date-fns';

/** A magazine issue written year/month ("2027/03") as "March 2027"; unknown shapes pass through. */
export function formatIssue(issue: string): string {
  const date = parse(issue, 'yyyy/MM', new Date(2000, 0, 1));
  return isValid(date) ? format(date, 'MMMM yyyy') : issue;
}

/** A start date ("2027-01-04") as "Mon, Jan 4, 2027". */
export function formatStartDate(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'EEE, MMM d, yyyy') : value;
}

/** A calendar day ("2026-11-16") as "November 16, 2026"; unknown shapes pass through. */
export function formatDay(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : value;
}
