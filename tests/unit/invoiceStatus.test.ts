import { describe, expect, it } from 'vitest';
import { balanceOf, invoiceStatusOf } from '../../server/billing/status';

/*
 * The balance rule of issues 30 and 32, by example: balance = total − cancelled − paid − credit applied
 * + refunded (never below 0); void once cancellations cover the total, paid once payments and credits
 * leave nothing owed, else overdue after the due date, and before it partial while something paid
 * or credited is held, else open. (tests/server/invoiceStatus.test.ts keeps the SQL the same.)
 */
const DUE = new Date('2027-02-10T09:00:00.000Z');
const BEFORE = new Date('2027-02-10T08:59:59.999Z');
const AFTER = new Date('2027-02-10T09:00:00.001Z');
const sums = (total: number, credited = 0, paid = 0, refunded = 0, creditApplied = 0) => ({
  totalCents: total,
  creditedCents: credited,
  paidCents: paid,
  refundedCents: refunded,
  creditAppliedCents: creditApplied,
});

describe('an invoice’s balance and status', () => {
  it.each([
    ['nothing paid, before its due date', sums(10_000), BEFORE, 10_000, 'open'],
    ['nothing paid, at its due date', sums(10_000), DUE, 10_000, 'open'],
    ['nothing paid, after its due date', sums(10_000), AFTER, 10_000, 'overdue'],
    ['part paid, after its due date', sums(10_000, 0, 4_000), AFTER, 6_000, 'overdue'],
    ['part paid, before its due date', sums(10_000, 0, 4_000), BEFORE, 6_000, 'partial'],
    ['part credited, before its due date', sums(10_000, 0, 0, 0, 2_500), BEFORE, 7_500, 'partial'],
    ['paid and credited in full', sums(10_000, 0, 6_000, 0, 4_000), AFTER, 0, 'paid'],
    ['credited in full, nothing paid', sums(10_000, 0, 0, 0, 10_000), BEFORE, 0, 'paid'],
    [
      'part paid and all of it refunded, before its due date',
      sums(10_000, 3_000, 3_000, 3_000),
      BEFORE,
      7_000,
      'open',
    ],
    ['paid in full, after its due date', sums(10_000, 0, 10_000), AFTER, 0, 'paid'],
    ['paid, then one order cancelled and refunded', sums(10_000, 3_000, 10_000, 3_000), AFTER, 0, 'paid'],
    ['paid, one order cancelled, its refund not through yet', sums(10_000, 3_000, 10_000), BEFORE, 0, 'paid'],
    ['every order cancelled', sums(10_000, 10_000), AFTER, 0, 'void'],
    [
      'paid, then every order cancelled and refunded',
      sums(10_000, 10_000, 10_000, 10_000),
      BEFORE,
      0,
      'void',
    ],
    ['one order cancelled, the rest owed', sums(10_000, 3_000), AFTER, 7_000, 'overdue'],
    ['an invoice of no money', sums(0), BEFORE, 0, 'void'],
  ] as const)('%s', (_case, figures, now, balance, status) => {
    expect(balanceOf(figures)).toBe(balance);
    expect(invoiceStatusOf(figures, DUE, now)).toBe(status);
  });
});
