import { describe, expect, it } from 'vitest';
import { balanceOf, invoiceStatusOf } from '../../server/billing/status';

/*
 * The balance rule of issue 30, by example: balance = total − credits − paid + refunded (never below
 * 0); void once credits cover the total, paid once payments leave nothing owed, else overdue after
 * the due date and open before it. (tests/server/invoiceStatus.test.ts keeps the SQL the same.)
 */
const DUE = new Date('2027-02-10T09:00:00.000Z');
const BEFORE = new Date('2027-02-10T08:59:59.999Z');
const AFTER = new Date('2027-02-10T09:00:00.001Z');
const sums = (total: number, credited = 0, paid = 0, refunded = 0) => ({
  totalCents: total,
  creditedCents: credited,
  paidCents: paid,
  refundedCents: refunded,
});

describe('an invoice’s balance and status', () => {
  it.each([
    ['nothing paid, before its due date', sums(10_000), BEFORE, 10_000, 'open'],
    ['nothing paid, at its due date', sums(10_000), DUE, 10_000, 'open'],
    ['nothing paid, after its due date', sums(10_000), AFTER, 10_000, 'overdue'],
    ['part paid, after its due date', sums(10_000, 0, 4_000), AFTER, 6_000, 'overdue'],
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
