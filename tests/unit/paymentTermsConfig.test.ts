import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

describe('DEFAULT_PAYMENT_TERMS', () => {
  it('is net 30 without a limit unless set', () => {
    expect(readServerConfig({}).defaultPaymentTerms).toEqual({ terms: 'net30', creditLimitCents: null });
    expect(readServerConfig({ DEFAULT_PAYMENT_TERMS: ' ' }).defaultPaymentTerms.terms).toBe('net30');
  });

  it('takes card or net terms, the net ones with a limit in whole dollars', () => {
    const read = (value: string) => readServerConfig({ DEFAULT_PAYMENT_TERMS: value }).defaultPaymentTerms;
    expect(read('card')).toEqual({ terms: 'card', creditLimitCents: null });
    expect(read('net15')).toEqual({ terms: 'net15', creditLimitCents: null });
    expect(read('NET60')).toEqual({ terms: 'net60', creditLimitCents: null });
    expect(read('net30:5000')).toEqual({ terms: 'net30', creditLimitCents: 500_000 });
    expect(read('net15:0')).toEqual({ terms: 'net15', creditLimitCents: 0 });
    expect(read('net60:20000000')).toEqual({ terms: 'net60', creditLimitCents: 2_000_000_000 });
  });

  it('stops the server with a sentence for anything else', () => {
    for (const wrong of [
      'net45',
      'card:5000',
      'net30:',
      'net30:5,000',
      'net30:12.50',
      'net30:-1',
      'net30:1:2',
      'invoice',
    ])
      expect(() => readServerConfig({ DEFAULT_PAYMENT_TERMS: wrong })).toThrow(
        `DEFAULT_PAYMENT_TERMS must be card, net15, net30 or net60, optionally with a credit limit in whole dollars (net30:5000), got "${wrong}".`,
      );
  });

  it('stops the server over the highest credit limit, which fits the database column', () => {
    for (const over of ['net30:20000001', 'net30:999999999'])
      expect(() => readServerConfig({ DEFAULT_PAYMENT_TERMS: over })).toThrow(
        `DEFAULT_PAYMENT_TERMS's credit limit is 20000000 dollars at most (net30:20000000), got "${over}".`,
      );
  });
});
