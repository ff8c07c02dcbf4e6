import { and, asc, count, desc, eq, inArray, lte, max, ne } from 'drizzle-orm';
import type { ChatVisitor } from '../../contract/platform';
import type { Db } from '../db/client';
import { chatMessages } from '../db/schema';

/**
 * How many visitor messages are kept: a conversation (one browser id) keeps its newest `perBrowser`,
 * and all of them together at most `total`. Past either, the oldest go rather than the new message:
 * a visitor writing now is the one the team can still answer, and a flood from many made-up browser
 * ids then pushes out old conversations instead of closing the chat to everyone.
 */
export interface ChatCeilings {
  perBrowser: number;
  total: number;
}

export const CHAT_CEILINGS: ChatCeilings = { perBrowser: 200, total: 10_000 };

export interface NewChatMessage {
  browserId: string;
  visitor: ChatVisitor;
  text: string;
  path: string | null;
}

const chatColumns = {
  id: chatMessages.id,
  browser_id: chatMessages.browserId,
  visitor: chatMessages.visitor,
  text: chatMessages.text,
  path: chatMessages.path,
  createdAt: chatMessages.createdAt,
};

interface ChatRow {
  id: number;
  browser_id: string;
  visitor: Record<string, unknown>;
  text: string;
  path: string | null;
  createdAt: Date;
}

const chatView = ({ createdAt, visitor, ...rest }: ChatRow) => ({
  ...rest,
  visitor: visitor as ChatVisitor,
  created_at: createdAt.toISOString(),
});

/** What storing a message cost: older messages of its own conversation, and whole older conversations. */
export interface ChatPruning {
  ownMessages: number;
  conversations: number;
  messages: number;
}

/** Stores a visitor's message, then drops what is past the ceilings (see ChatCeilings). */
export async function insertChatMessage(
  db: Db,
  message: NewChatMessage,
  now: Date,
  ceilings: ChatCeilings = CHAT_CEILINGS,
) {
  const [row] = await db
    .insert(chatMessages)
    .values({ ...message, createdAt: now })
    .returning(chatColumns);
  if (!row) throw new Error('The message was not stored.');
  const ownMessages = await keepNewestOf(db, message.browserId, ceilings.perBrowser);
  const dropped = await keepNewestConversations(db, message.browserId, ceilings.total);
  return { message: chatView(row), pruned: { ownMessages, ...dropped } satisfies ChatPruning };
}

/** Drops the messages of one conversation older than its newest `kept`; answers how many went. */
async function keepNewestOf(db: Db, browserId: string, kept: number): Promise<number> {
  const [edge] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.browserId, browserId))
    .orderBy(desc(chatMessages.id))
    .offset(kept)
    .limit(1);
  if (!edge) return 0;
  const gone = await db
    .delete(chatMessages)
    .where(and(eq(chatMessages.browserId, browserId), lte(chatMessages.id, edge.id)))
    .returning({ id: chatMessages.id });
  return gone.length;
}

/**
 * Drops whole conversations, the one whose last message is oldest first, until at most `total`
 * messages are left; the conversation just written to is never one of them.
 */
async function keepNewestConversations(db: Db, writing: string, total: number) {
  const [stored] = await db.select({ messages: count() }).from(chatMessages);
  const excess = (stored?.messages ?? 0) - total;
  if (excess <= 0) return { conversations: 0, messages: 0 };
  const last = max(chatMessages.id);
  // Every conversation holds at least one message, so `excess` of them are always enough.
  const oldest = await db
    .select({ browserId: chatMessages.browserId, messages: count() })
    .from(chatMessages)
    .where(ne(chatMessages.browserId, writing))
    .groupBy(chatMessages.browserId)
    .orderBy(asc(last))
    .limit(excess);
  const dropping: string[] = [];
  let freed = 0;
  for (const conversation of oldest) {
    if (freed >= excess) break;
    dropping.push(conversation.browserId);
    freed += conversation.messages;
  }
  if (dropping.length === 0) return { conversations: 0, messages: 0 };
  const gone = await db
    .delete(chatMessages)
    .where(inArray(chatMessages.browserId, dropping))
    .returning({ id: chatMessages.id });
  return { conversations: dropping.length, messages: gone.length };
}

/** Stored chat messages, newest first, optionally of one browser. */
export async function readChatMessages(db: Db, browserId: string | undefined, limit: number) {
  const rows = await db
    .select(chatColumns)
    .from(chatMessages)
    .where(browserId ? eq(chatMessages.browserId, browserId) : undefined)
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.map(chatView);
}
