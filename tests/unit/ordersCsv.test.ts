import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../server/orders/csv';

describe('the orders CSV', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('Golf Digest')).toBe('Golf Digest');
    expect(csvCell('Chicago, IL')).toBe('"Chicago, IL"');
    expect(csvCell('The "Prime" slot')).toBe('"The ""Prime"" slot"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('keeps a cell a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1 312 555 0100')).toBe("'+1 312 555 0100");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=cmd')).toBe('"\'\r=cmd"');
    expect(csvCell('=HYPERLINK("x"), y')).toBe('"\'=HYPERLINK(""x""), y"');
    // Only the first character counts: a formula sign inside a cell is harmless.
    expect(csvCell('A = B')).toBe('A = B');
    // Nor do spaces or tabs before it hide it, nor its full-width form.
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('  \t@SUM(A1)')).toBe("'  \t@SUM(A1)");
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvCell('\uFF0B1')).toBe("'\uFF0B1");
    expect(csvCell('\uFF0D1')).toBe("'\uFF0D1");
    expect(csvCell('\uFF20SUM(A1)')).toBe("'\uFF20SUM(A1)");
    expect(csvCell(' Golf Digest')).toBe(' Golf Digest');
  });

  it('ends every row with CRLF', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['c, d', 'e'],
      ]),
    ).toBe('a,b\r\n"c, d",e\r\n');
  });
});
