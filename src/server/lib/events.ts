/**
 * A tiny in-process domain-event bus: features announce facts that changed ('a session was recorded') and
 * other features react (progress re-evaluates achievements) without the announcer knowing who listens.
 * Created once in createServices. The emitter awaits its listeners (so an achievement earned by a request
 * is visible to the next read the client makes), but a failing listener is only logged: it never fails
 * the request that emitted the event.
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

  return {
    on<K extends DomainEventName>(name: K, handler: Handler<K>): void {
      const list = handlers.get(name) ?? [];
      list.push(handler as Handler<DomainEventName>);
      handlers.set(name, list);
    },
    /** Runs every listener; resolves when they are done and never rejects. */
    async emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
      const runs = (handlers.get(name) ?? []).map((handler) => {
        const run: Promise<void> = Promise.resolve()
          .then(() => handler(payload))
          .catch((err: unknown) => log.error({ err, event: name }, "domain event handler failed"))
          .finally(() => pending.delete(run));
        pending.add(run);
        return run;
      });
      await Promise.all(runs);
    },
    /** Waits for the handlers started so far (tests, and shutdown so no write races the closing pool). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
