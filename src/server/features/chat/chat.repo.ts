import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { ChatMessage, Citation, Provider } from "#shared/chat/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { isServerPool, rawRows } from "../../db/raw.ts";
import { chatMessages } from "../../db/schema/chat.ts";

const columns = {
  id: chatMessages.id,
  isUser: chatMessages.isUser,
  content: chatMessages.content,
  courseId: chatMessages.courseId,
  createdAt: chatMessages.createdAt,
  citations: chatMessages.citations,
  provider: chatMessages.provider,
};
type Row = {
  id: number;
  isUser: boolean;
  content: string;
  courseId: number | null;
  createdAt: Date;
  citations: unknown[] | null;
  provider: string | null;
};
const toMessage = (row: Row): ChatMessage => ({
  id: row.id,
  isUser: row.isUser,
  content: row.content,
  courseId: row.courseId,
  createdAt: row.createdAt.toISOString(),
  ...(row.isUser
    ? {}
    : { citations: (row.citations ?? []) as Citation[], provider: (row.provider ?? "builtin") as Provider }),
});

/**
 * Both turns as one typed row source: PGlite took 0.38 ms for this against 0.48 ms for a VALUES list of
 * untyped parameters (bench:chat's statement timing at 60 documents).
 */
const TURN_ROWS = `insert into chat_messages (user_id, course_id, study_set_id, is_user, content, citations, provider, created_at)
  select * from (values
    ($1::int, $2::int, $3::int, $4::boolean, $5::text, $6::jsonb, $7::text, $8::timestamptz),
    ($9::int, $10::int, $11::int, $12::boolean, $13::text, $14::jsonb, $15::text, $16::timestamptz)) turn`;
const INSERT_TURN = `${TURN_ROWS} returning id`;
/**
 * The same on a PostgreSQL server, committed without waiting for the WAL flush (synchronous_commit off
 * for this statement's own transaction, set by the statement itself): the flush was most of the
 * insert's time (3.5 ms against 0.9 ms on the bench's server). The turn is visible to every reader once
 * the statement returns, as before; a crash of the database server within a fraction of a second of it
 * (the WAL writer's delay) can lose it, never corrupt anything. Not on PGlite, which runs fsync off and
 * has no WAL writer: an unwritten commit would wait there for the next synchronous one.
 */
const INSERT_TURN_NO_FLUSH = `${TURN_ROWS}
  where set_config('synchronous_commit', 'off', true) is not null
  returning id`;

/**
 * A conversation is one student's messages of one study set (the assistant beside its documents, whatever
 * course was picked there), or, with no set, of one course or of none.
 */
export interface Conversation {
  courseId: number | null;
  studySetId: number | null;
}
const conversation = (userId: number, { courseId, studySetId }: Conversation) =>
  studySetId
    ? and(eq(chatMessages.userId, userId), eq(chatMessages.studySetId, studySetId))
    : and(
        eq(chatMessages.userId, userId),
        isNull(chatMessages.studySetId),
        courseId ? eq(chatMessages.courseId, courseId) : isNull(chatMessages.courseId),
      );

export interface NewMessage extends Conversation {
  isUser: boolean;
  content: string;
  citations?: Citation[];
  provider?: Provider;
  createdAt: Date;
}

export const chatRepo = {
  async list(db: DbOrTx, userId: number, of: Conversation): Promise<ChatMessage[]> {
    const rows = await db
      .select(columns)
      .from(chatMessages)
      .where(conversation(userId, of))
      .orderBy(asc(chatMessages.id));
    return rows.map(toMessage);
  },
  /** The last `n` messages of a conversation, oldest first. */
  async recent(db: DbOrTx, userId: number, of: Conversation, n: number): Promise<ChatMessage[]> {
    const rows = await db
      .select(columns)
      .from(chatMessages)
      .where(conversation(userId, of))
      .orderBy(desc(chatMessages.id))
      .limit(n);
    return rows.reverse().map(toMessage);
  },
  /**
   * A question and its answer, in that order, in one statement. Only the ids come back: the rest is what
   * was written, and reading a long answer and its citations back (hundreds for an 'overdue' list)
   * cost more than writing them. SQL sent to the driver itself (db/raw.ts): the query builder's per-call
   * cost was a third of the insert, Drizzle's execute another third.
   */
  async insertTurn(
    db: DbOrTx,
    userId: number,
    turn: [NewMessage, NewMessage],
  ): Promise<[ChatMessage, ChatMessage]> {
    const values = turn.flatMap((m) => [
      userId,
      m.courseId,
      m.studySetId,
      m.isUser,
      m.content,
      m.citations ? JSON.stringify(m.citations) : null,
      m.provider ?? null,
      m.createdAt.toISOString(),
    ]);
    // Named: its plan does not depend on the values, and parsing and planning it on every answer was a
    // fifth of the insert on PostgreSQL (0.75 against 0.51 ms a statement, bench:chat at 60 documents).
    const [text, name] = isServerPool(db)
      ? [INSERT_TURN_NO_FLUSH, "chat_turn_no_flush"]
      : [INSERT_TURN, "chat_turn"];
    const rows = await rawRows<{ id: number }>(db, text, values, name);
    // Ids are drawn in the order of the values.
    const [first, second] = rows.map((r) => r.id).sort((a, b) => a - b);
    const written = (m: NewMessage, id: number) =>
      toMessage({ ...m, id, citations: m.citations ?? null, provider: m.provider ?? null });
    return [written(turn[0], first!), written(turn[1], second!)];
  },
  async clear(db: DbOrTx, userId: number, of: Conversation): Promise<void> {
    await db.delete(chatMessages).where(conversation(userId, of));
  },
};
