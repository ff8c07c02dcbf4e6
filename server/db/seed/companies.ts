import { Random } from './random';

const FIRST = [
  'Blue',
  'North',
  'Oak',
  'Summit',
  'Harbor',
  'Cedar',
  'Bright',
  'Golden',
  'River',
  'Maple',
  'Pioneer',
  'Lakeside',
  'Copper',
  'Evergreen',
  'Prairie',
  'Redwood',
  'Sunrise',
  'Granite',
  'Willow',
  'Beacon',
];
const SECOND = [
  'Dental',
  'Roofing',
  'Realty',
  'Bakery',
  'Fitness',
  'Auto Group',
  'Landscaping',
  'Law',
  'Pediatrics',
  'Furniture',
  'Brewing',
  'Plumbing',
  'Insurance',
  'Veterinary',
  'Wealth',
  'Optometry',
  'Home Care',
  'Coffee',
  'Cycles',
  'Realtors',
];
const SUFFIX = ['', ' Co.', ' LLC', ' & Sons', ' Partners', ' Studio', ' Group', ' Inc.'];

/** Advertisers already on the marketplace, so the home page's count is real from the first start. */
export function buildCompanies(count = 1_840): string[] {
  const random = new Random('companies');
  const names = new Set<string>();
  while (names.size < count) {
    names.add(`${random.pick(FIRST)} ${random.pick(SECOND)}${random.pick(SUFFIX)}`.trim());
    if (names.size === FIRST.length * SECOND.length * SUFFIX.length) break;
  }
  return [...names].sort();
}
