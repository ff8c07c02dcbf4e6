import { clientError } from './errors';

/** The `first` bounds the schema documents on PageInfo. */
export const MAX_PAGE_SIZE = 50;

export interface Page<T> {
  nodes: T[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

// A cursor is the offset of the next item, wrapped so clients treat it as opaque rather than doing
// arithmetic on it (which would break if the cursors ever carry more than an offset).
const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const offset = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  // Base64 decoding skips characters it does not know, so only a cursor that re-encodes to itself counts.
  if (!Number.isSafeInteger(offset) || encodeCursor(offset) !== cursor) {
    throw clientError('That cursor is not one this API gave out.', 'BAD_USER_INPUT');
  }
  return offset;
}

/** One page of an ordered list: the lists are small, so the whole list is read and sliced. */
export function paginate<T>(items: readonly T[], { first, after }: PageArgs): Page<T> {
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw clientError(
      `\`first\` must be a whole number from 1 to ${MAX_PAGE_SIZE}; it was ${first ?? 'null'}.`,
      'BAD_USER_INPUT',
    );
  }
  const start = after == null ? 0 : decodeCursor(after);
  const nodes = items.slice(start, start + first);
  const end = start + nodes.length;
  return {
    nodes,
    totalCount: items.length,
    pageInfo: { hasNextPage: end < items.length, endCursor: nodes.length ? encodeCursor(end) : null },
  };
}
