import type { DBSchema, IDBPDatabase } from "idb";

/**
 * What the device keeps for working offline (issue 23), in IndexedDB: the last answers of the reads a
 * student needs without a network (today's review queue, the task list), and the outbox of changes made
 * offline, in the order they were made. IndexedDB, not memory: a tab closed before the network returns
 * loses nothing, and the next page sends them. Cleared on sign-out (another student may use the browser).
 */

/** A change waiting for the network: one API call, sent as it is, in `seq` order. */
export type OutboxItem = {
  seq?: number;
  /** The client id the server dedupes on (a rating's or new task's), also this item's identity. */
  clientId: string;
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body: unknown;
  /** What it is, for the screens that show it before the server has it. */
  kind: "rate" | "task-create" | "task-complete" | "task-delete";
  /** The card rated or task changed (a new task: none). */
  targetId?: number;
  /** What the student would call it (a card's question, a task's title), to name it if it is refused. */
  label?: string;
  createdAt: string;
};

interface OfflineDb extends DBSchema {
  answers: { key: string; value: { key: string; userId: number; savedAt: string; data: unknown } };
  outbox: { key: number; value: OutboxItem & { userId: number }; indexes: { byClientId: string } };
}

const DB_NAME = "studyhall-offline";
let opened: Promise<IDBPDatabase<OfflineDb>> | undefined;

// idb comes with the first read or write, not with every page's first load.
function db() {
  opened ??= import("idb").then(({ openDB }) =>
    openDB<OfflineDb>(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore("answers", { keyPath: "key" });
        d.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex(
          "byClientId",
          "clientId",
          { unique: true },
        );
      },
    }),
  );
  return opened;
}

export const offlineStore = {
  async saveAnswer(userId: number, key: string, data: unknown) {
    await (await db()).put("answers", { key, userId, savedAt: new Date().toISOString(), data });
  },
  /** The last answer this student got for `key`, or undefined. */
  async readAnswer<T>(userId: number, key: string): Promise<T | undefined> {
    const row = await (await db()).get("answers", key);
    return row && row.userId === userId ? (row.data as T) : undefined;
  },
  async add(userId: number, item: OutboxItem) {
    await (await db()).add("outbox", { ...item, userId });
  },
  /**
   * The student's waiting changes, oldest first. The changes the server refused are kept under the
   * negated id (outbox.ts), until the student has read of them: no other store, and no filter here.
   */
  async pending(userId: number): Promise<OutboxItem[]> {
    const all = await (await db()).getAll("outbox");
    return all.filter((i) => i.userId === userId);
  },
  async remove(seq: number) {
    await (await db()).delete("outbox", seq);
  },
  /** Sign-out: nothing of this student stays on the device. */
  async clear() {
    const d = await db();
    await Promise.all([d.clear("answers"), d.clear("outbox")]);
  },
};
