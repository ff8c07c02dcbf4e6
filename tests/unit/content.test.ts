import { describe, expect, it } from 'vitest';
import {
  type Article,
  article,
  articleCategory,
  CONTENT_MEDIA_TYPES,
  designHelp,
  specSheet,
} from '../../contract/content';
import { ARTICLE_CATEGORIES, ARTICLES } from '../../server/content/articles';
import { DESIGN_HELP } from '../../server/content/designHelp';
import { SPEC_SHEETS } from '../../server/content/specSheets';
import { buildCatalogue } from '../../server/db/seed/catalogue';
import { buildGeography } from '../../server/db/seed/geography';

const duplicates = (values: readonly string[]) => values.filter((value, i) => values.indexOf(value) !== i);

const wordCount = (item: Article) =>
  item.body
    .flatMap((section) => [section.heading ?? '', ...section.paragraphs])
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('spec sheets', () => {
  it.each(SPEC_SHEETS.map((sheet) => [sheet.slug, sheet] as const))('%s matches the schema', (_, sheet) => {
    expect(specSheet.safeParse(sheet).error?.issues ?? []).toEqual([]);
  });

  it('cover every media type', () => {
    const covered = new Set(SPEC_SHEETS.map((sheet) => sheet.mediaType));
    expect(CONTENT_MEDIA_TYPES.filter((type) => !covered.has(type))).toEqual([]);
  });

  it('include the sheets the header links to, and the main sheet of each media type', () => {
    const slugs = SPEC_SHEETS.map((sheet) => sheet.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'dedicated-email-blasts',
        'direct-mail-daily-mailers',
        'website-to-mailbox',
        'magazine-print-ads',
        'linear-tv-spots',
        'connected-tv-ads',
        'digital-billboards',
        'online-display-ads',
        'geofencing-ads',
        'every-door-direct-mail',
        'audience-direct-mail',
        'ad-design-service',
      ]),
    );
  });

  it('have unique slugs', () => {
    expect(duplicates(SPEC_SHEETS.map((sheet) => sheet.slug))).toEqual([]);
  });

  it('write bullets as "- " lines of a section body', () => {
    for (const sheet of SPEC_SHEETS) {
      for (const { body } of sheet.sections) {
        const oddBullets = body.split('\n').filter((line) => /^\s*[-*•]/.test(line) && !/^- \S/.test(line));
        expect(oddBullets, `${sheet.slug}: ${oddBullets.join(' | ')}`).toEqual([]);
      }
    }
  });
});

describe('article categories', () => {
  it.each(ARTICLE_CATEGORIES.map((category) => [category.slug, category] as const))(
    '%s matches the schema',
    (_, category) => {
      expect(articleCategory.safeParse(category).error?.issues ?? []).toEqual([]);
    },
  );

  it('have unique slugs, and each holds at least one article', () => {
    const slugs = ARTICLE_CATEGORIES.map((category) => category.slug);
    expect(duplicates(slugs)).toEqual([]);
    expect(slugs.filter((slug) => !ARTICLES.some((item) => item.category === slug))).toEqual([]);
  });
});

describe('articles', () => {
  it.each(ARTICLES.map((item) => [item.slug, item] as const))('%s matches the schema', (_, item) => {
    expect(article.safeParse(item).error?.issues ?? []).toEqual([]);
  });

  it('number at least 10, with unique slugs', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(10);
    expect(duplicates(ARTICLES.map((item) => item.slug))).toEqual([]);
  });

  it('each belong to a category that exists', () => {
    const categories = new Set(ARTICLE_CATEGORIES.map((category) => category.slug));
    expect(ARTICLES.filter((item) => !categories.has(item.category)).map((item) => item.slug)).toEqual([]);
  });

  it.each(ARTICLES.map((item) => [item.slug, item] as const))(
    '%s runs 250 to 500 words, with reading minutes at 200 words a minute (±2)',
    (_, item) => {
      const words = wordCount(item);
      expect(words).toBeGreaterThanOrEqual(250);
      expect(words).toBeLessThanOrEqual(500);
      expect(Math.abs(item.readingMinutes - words / 200)).toBeLessThanOrEqual(2);
    },
  );
});

describe('design help', () => {
  it('matches the schema', () => {
    expect(designHelp.safeParse(DESIGN_HELP).error?.issues ?? []).toEqual([]);
  });

  it('sells each design placement of the catalogue once, and nothing else', () => {
    const custom = buildCatalogue(buildGeography().markets)
      .filter((item) => item.mediaType === 'custom')
      .map((item) => item.mediacode);
    expect(DESIGN_HELP.packages.map((item) => item.mediacode)).toEqual(custom);
  });
});
