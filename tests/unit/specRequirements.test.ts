import { describe, expect, it } from 'vitest';
import { CHANNELS, MEDIA_TYPES } from '../../contract/mediaTypes';
import {
  requirementRows,
  requirementsOf,
  SHEET_OF_CHANNEL,
  SHEET_REQUIREMENTS,
  sheetOfPlacement,
} from '../../contract/specRequirements';
import { SPEC_SHEETS } from '../../server/content/specSheets';

const sheet = (slug: string) => {
  const found = SPEC_SHEETS.find((s) => s.slug === slug);
  if (!found) throw new Error(`No sheet ${slug}`);
  return found;
};

describe('spec sheet requirements (one source for the page and the preflight)', () => {
  it('puts every checkable requirement in its sheet’s "Specs at a glance", word for word', () => {
    for (const slug of Object.keys(SHEET_REQUIREMENTS)) {
      const rows = requirementRows(requirementsOf(slug));
      expect(rows.length, slug).toBeGreaterThan(0);
      for (const row of rows) expect(sheet(slug).specs, slug).toContainEqual(row);
    }
  });

  it('never shows two rows with the same label on one sheet', () => {
    for (const s of SPEC_SHEETS) {
      const labels = s.specs.map((row) => row.label);
      expect(new Set(labels).size, s.slug).toBe(labels.length);
    }
  });

  it('writes the magazine trim and bleed the seeded magazines use', () => {
    const rows = requirementRows(requirementsOf('magazine-print-ads'));
    expect(rows).toContainEqual({ label: 'Trim size', value: '8.375 × 10.875 in' });
    expect(rows).toContainEqual({
      label: 'Bleed',
      value: '0.125 in on every side (8.625 × 11.125 in with bleed)',
    });
    expect(rows).toContainEqual({ label: 'Resolution', value: '300 ppi at final size' });
  });

  it('prefixes the rows of a sheet that takes both stills and video', () => {
    const labels = requirementRows(requirementsOf('digital-billboards')).map((row) => row.label);
    expect(labels).toEqual(expect.arrayContaining(['Image sizes', 'Video length', 'Video max file size']));
  });

  it('maps every channel to an existing sheet, and only design work to none', () => {
    for (const channel of CHANNELS) {
      const slug = SHEET_OF_CHANNEL[channel];
      if (channel === 'custom') expect(slug).toBeNull();
      else {
        expect(slug, channel).not.toBeNull();
        expect(requirementsOf(slug ?? '').length, channel).toBeGreaterThan(0);
        expect(sheet(slug ?? '').mediaType === channel || channel === 'google').toBe(true);
      }
    }
  });

  it('maps placements by media type and partner', () => {
    expect(sheetOfPlacement('digital', 'groundtruth')).toBe('geofencing-ads');
    expect(sheetOfPlacement('digital', 'google')).toBe('online-display-ads');
    expect(sheetOfPlacement('digital', null)).toBeNull();
    for (const type of MEDIA_TYPES.filter((t) => t !== 'digital' && t !== 'custom'))
      expect(sheetOfPlacement(type, null), type).not.toBeNull();
  });

  it('never lets a sheet take a bigger file than the upload limit of its kind', () => {
    const limits = { print: 100, screen: 25, video: 500, email: 0.2 };
    for (const deliverables of Object.values(SHEET_REQUIREMENTS))
      for (const d of deliverables) expect(d.maxBytes).toBeLessThanOrEqual(limits[d.medium] * 1024 * 1024);
  });
});
