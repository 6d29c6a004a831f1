import { and, asc, eq, isNull } from "drizzle-orm";
import type { ChatMessage, Citation, Provider } from "#shared/chat.ts";
import type { DbOrTx } from "../../db/client.ts";
import { chatMessages } from "../../db/schema/ai.ts";

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

/** A conversation is one student's messages for one course, or with no course. */
const conversation = (userId: number, courseId: number | null) =>
  and(
    eq(chatMessages.userId, userId),
    courseId ? eq(chatMessages.courseId, courseId) : isNull(chatMessages.courseId),
  );

export interface NewMessage {
  courseId: number | null;
  isUser: boolean;
  content: string;
  citations?: Citation[];
  provider?: Provider;
  createdAt: Date;
}

export const chatRepo = {
  async list(db: DbOrTx, userId: number, courseId: number | null): Promise<ChatMessage[]> {
    const rows = await db
      .select(columns)
      .from(chatMessages)
      .where(conversation(userId, courseId))
      .orderBy(asc(chatMessages.id));
    return rows.map(toMessage);
  },
  async insert(db: DbOrTx, userId: number, values: NewMessage): Promise<ChatMessage> {
    const [row] = await db
      .insert(chatMessages)
      .values({
        userId,
        courseId: values.courseId,
        isUser: values.isUser,
        content: values.content,
        citations: values.citations ?? null,
        provider: values.provider ?? null,
        createdAt: values.createdAt,
      })
      .returning(columns);
    return toMessage(row!);
  },
  async clear(db: DbOrTx, userId: number, courseId: number | null): Promise<void> {
    await db.delete(chatMessages).where(conversation(userId, courseId));
  },
};
