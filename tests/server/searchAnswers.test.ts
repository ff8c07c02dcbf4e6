import { describe, expect, it } from 'vitest';
import { mediaSearchQuery } from '../../contract/media';
import { prepareJson } from '../../server/http/jsonAnswer';
import { SearchAnswers, searchKey } from '../../server/routes/searchAnswers';

/** The shop's kept search answers: from a query's second ask that day, within about 32 MB. */

const MORNING = new Date(2031, 5, 16, 9, 0);
const EVENING = new Date(2031, 5, 16, 23, 59, 59);
const NEXT_MORNING = new Date(2031, 5, 17, 0, 0, 1);

/** Answers `made` counts, each a new one. */
function maker() {
  const made: string[] = [];
  return {
    made,
    make:
      (query: string, size = 100) =>
      () => {
        made.push(query);
        return prepareJson({ query, n: made.length, pad: 'x'.repeat(size) });
      },
  };
}

describe('the shop’s kept search answers', () => {
  it('keeps a query’s answer from its second ask, for the rest of the day', () => {
    const answers = new SearchAnswers();
    const { made, make } = maker();
    const first = answers.answer(MORNING, 'a', make('a'));
    const second = answers.answer(MORNING, 'a', make('a'));
    expect(second.text).not.toBe(first.text);
    expect(first.encoded).toBeNull();
    const kept = answers.answer(EVENING, 'a', make('a'));
    expect(kept.text).toBe(second.text);
    // Sent many times, it keeps its compressed forms.
    expect(kept.encoded).toBeInstanceOf(Map);
    expect(answers.answer(EVENING, 'a', make('a'))).toBe(kept);
    expect(made).toEqual(['a', 'a']);
  });

  it('keeps nothing of a query asked once, however many others are', () => {
    const answers = new SearchAnswers();
    const { made, make } = maker();
    for (let i = 0; i < 100; i += 1) answers.answer(MORNING, `once ${i}`, make(`once ${i}`));
    answers.answer(MORNING, 'often', make('often'));
    const kept = answers.answer(MORNING, 'often', make('often'));
    for (let i = 100; i < 200; i += 1) answers.answer(MORNING, `once ${i}`, make(`once ${i}`));
    expect(answers.answer(MORNING, 'often', make('often')).text).toBe(kept.text);
    expect(made.filter((query) => query === 'often')).toHaveLength(2);
  });

  it('starts each day empty', () => {
    const answers = new SearchAnswers();
    const { made, make } = maker();
    answers.answer(MORNING, 'a', make('a'));
    answers.answer(MORNING, 'a', make('a'));
    answers.answer(NEXT_MORNING, 'a', make('a'));
    expect(made).toEqual(['a', 'a', 'a']);
    // The day before's first ask does not count either: asked once today, not kept yet.
    answers.answer(NEXT_MORNING, 'a', make('a'));
    expect(answers.answer(NEXT_MORNING, 'a', make('a'))).toBe(answers.answer(NEXT_MORNING, 'a', make('a')));
    expect(made).toHaveLength(4);
  });

  it('drops the answers asked for least lately past about 32 MB', () => {
    const answers = new SearchAnswers();
    const { made, make } = maker();
    // 20 answers of 2 MB each: at most about 13 fit.
    for (let i = 0; i < 20; i += 1)
      for (let ask = 0; ask < 2; ask += 1) answers.answer(MORNING, `big ${i}`, make(`big ${i}`, 2_000_000));
    expect(made).toHaveLength(40);
    answers.answer(MORNING, 'big 19', make('big 19', 2_000_000));
    expect(made).toHaveLength(40);
    answers.answer(MORNING, 'big 0', make('big 0', 2_000_000));
    expect(made).toHaveLength(41);
  });

  it('keeps at most 10,000 answers, however small', () => {
    const answers = new SearchAnswers();
    const { made, make } = maker();
    for (let i = 0; i <= 10_000; i += 1)
      for (let ask = 0; ask < 2; ask += 1) answers.answer(MORNING, `small ${i}`, make(`small ${i}`, 0));
    expect(made).toHaveLength(20_002);
    answers.answer(MORNING, 'small 10000', make('small 10000', 0));
    expect(made).toHaveLength(20_002);
    answers.answer(MORNING, 'small 0', make('small 0', 0));
    expect(made).toHaveLength(20_003);
  });

  it('keys a query padded with repeats as the query it repeats, in a few hundred characters at most', () => {
    const query = (media: string[], zips: string[]) =>
      mediaSearchQuery.parse({ media_types: media, zip: zips, search: 'x'.repeat(100) });
    const padded = query(Array(5_000).fill('tv').concat('printmag'), ['60601', '60601', '10001']);
    expect(searchKey(padded)).toBe(searchKey(query(['printmag', 'tv'], ['60601', '10001'])));
    // The markets follow the zip codes' order: another order is another answer.
    expect(searchKey(padded)).not.toBe(searchKey(query(['printmag', 'tv'], ['10001', '60601'])));
    const longest = query(
      ['all', 'printmag', 'tv', 'ctv', 'dooh', 'digital', 'eddm', 'abdm', 'email', 'custom'],
      Array.from({ length: 50 }, (_, i) => String(10_000 + i)),
    );
    expect(searchKey(longest).length).toBeLessThan(700);
  });
});
