import type { FileComment } from '../../contract/adFiles';

/** The author of the comment threads' tests, someone of the company a comment may name. */
export const dana = { id: 'u1', name: 'Dana Whitfield' };

/** Dana's comment on spring-sale.pdf, without a pin or anyone named. */
export const commentOf = (id: string, body: string): FileComment => ({
  id,
  file: { id: 'f1', name: 'spring-sale.pdf' },
  author: dana,
  body,
  pin: null,
  mentions: [],
  created_at: '2027-01-11T09:00:00.000Z',
});
