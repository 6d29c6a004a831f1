/**
 * A tiny in-process domain-event bus: features announce facts that changed ('a session was recorded') and
 * other features react (progress re-evaluates achievements) without the announcer knowing who listens.
 * Created once in createServices. `emit` awaits the listeners (an achievement earned by the request is
 * visible to the next read the client makes); `emitAfterAnswer` runs them once the request has answered,
 * for work the student is not looking at (a rating's achievement re-evaluation, issue 27), and a read that
 * needs its result waits for it with `settledFor(userId)`. A failing listener is only logged: it never
 * fails the request that emitted the event.
 */
export type DomainEvents = {
  "session.recorded": { userId: number };
  "task.completed": { userId: number };
  /** A task was given a due date (created with one, or moved, or reopened): reminders may be due. */
  "task.scheduled": { userId: number; dueDate: Date };
  "flashcard.created": { userId: number };
  "card.reviewed": { userId: number };
  "quiz.completed": { userId: number };
  "friend.accepted": { userId: number };
  "studyset.created": { userId: number };
  "document.uploaded": { userId: number };
};
export type DomainEventName = keyof DomainEvents;

type Handler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void> | void;
type Logger = { error: (obj: object, msg: string) => void };

export function createEventBus(log: Logger = { error: (obj, msg) => console.error(msg, obj) }) {
  const handlers = new Map<DomainEventName, Array<Handler<DomainEventName>>>();
  const pending = new Set<Promise<void>>();
  /** Listener runs started by emitAfterAnswer and not finished, by student. */
  const later = new Map<number, Set<Promise<void>>>();

  function run<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void>[] {
    return (handlers.get(name) ?? []).map((handler) => {
      const run: Promise<void> = Promise.resolve()
        .then(() => handler(payload))
        .catch((err: unknown) => log.error({ err, event: name }, "domain event handler failed"))
        .finally(() => pending.delete(run));
      pending.add(run);
      return run;
    });
  }

  return {
    on<K extends DomainEventName>(name: K, handler: Handler<K>): void {
      const list = handlers.get(name) ?? [];
      list.push(handler as Handler<DomainEventName>);
      handlers.set(name, list);
    },
    /** Runs every listener; resolves when they are done and never rejects. */
    async emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
      await Promise.all(run(name, payload));
    },
    /**
     * Runs every listener after the caller has answered: on the next turn of the event loop, once the
     * response is written (a handler's answer is serialised and sent in the microtasks that follow it).
     * Returns at once. Nothing is dropped: every call runs its listeners; `settle()` and `settledFor()`
     * wait for them.
     */
    emitAfterAnswer<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
      const { userId } = payload;
      const mine = later.get(userId) ?? new Set<Promise<void>>();
      later.set(userId, mine);
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => Promise.all(run(name, payload)))
        .then(() => {
          mine.delete(done);
          if (mine.size === 0 && later.get(userId) === mine) later.delete(userId);
        });
      mine.add(done);
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    /** Waits for the listeners emitAfterAnswer started for this student (a read that shows their result). */
    async settledFor(userId: number): Promise<void> {
      for (let mine = later.get(userId); mine?.size; mine = later.get(userId)) await Promise.all([...mine]);
    },
    /** Waits for the handlers started so far (tests, and shutdown so no write races the closing pool). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
