import { MessageSquarePlus, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "#client/components/confirm-dialog.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import {
  CHAT_CONTENT_MAX,
  CHAT_GREETING,
  type ChatMessage,
  type ChatScope,
  type Citation,
} from "#shared/chat/contract.ts";
import type { Course } from "#shared/courses/contract.ts";
import { useChatHistory, useNewConversation, useSendChat } from "./chat.api.ts";
import { CourseBar, ScopeBar } from "./chat-bars.tsx";
import { AssistantMessage } from "./chat-message.tsx";
import { CitationViewer } from "./citation-viewer.tsx";

const bubble = (mine: boolean) =>
  cn(
    "max-w-[85%] min-w-0 rounded-lg px-3 py-2 text-sm",
    mine ? "ml-auto bg-accent-strong text-white" : "mr-auto bg-bg text-fg",
  );

/** The conversation, the question on its way with the answer as it streams, and a failed send. */
function MessageList({
  messages,
  pending,
  error,
  onOpen,
}: {
  messages: ChatMessage[];
  pending: { question: string; answer: string } | null;
  error: string | null;
  onOpen: (citation: Citation) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const answerLength = pending?.answer.length ?? 0;
  // Follows the conversation as messages arrive and as an answer streams in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because these changed
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length, answerLength]);
  return (
    // Focusable, so a keyboard can scroll a conversation that has no link to tab to (axe:
    // scrollable-region-focusable); a log, so a screen reader hears each new message.
    <div
      ref={list}
      role="log"
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
      tabIndex={0}
      className="grid h-64 min-w-0 content-start gap-3 overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-accent"
      aria-live="polite"
      data-testid="chat-messages"
    >
      {messages.length === 0 && !pending && <p className={bubble(false)}>{CHAT_GREETING}</p>}
      {messages.map((m) =>
        m.isUser ? (
          <p key={m.id} className={cn(bubble(true), "whitespace-pre-wrap break-words")}>
            {m.content}
          </p>
        ) : (
          <div key={m.id} className={bubble(false)}>
            <AssistantMessage message={m} onOpen={onOpen} />
          </div>
        ),
      )}
      {pending && (
        <>
          <p className={cn(bubble(true), "whitespace-pre-wrap break-words")}>{pending.question}</p>
          <p className={cn(bubble(false), "whitespace-pre-wrap break-words")}>
            {pending.answer || "Thinking..."}
          </p>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A study set (or one document of it) the panel asks about, named for the student. */
export type PanelScope = ChatScope & { label: string };

/**
 * SPEC §2.16 chat panel: the floating box (with `onClose`), the Home tool view, or beside a document
 * with its set in `scope` (widened to everything on request). History lives on the server, per student
 * and per chosen course. `onCitation` may show a citation itself (the document already open) by
 * answering true; otherwise the panel opens the viewer.
 */
export function ChatPanel({
  courses,
  onClose,
  scope,
  onCitation,
  initialCourseId = null,
}: {
  courses: Course[];
  onClose?: () => void;
  scope?: PanelScope;
  onCitation?: (citation: Citation) => boolean;
  /** The course chosen to begin with (beside a course material: its course). */
  initialCourseId?: number | null;
}) {
  const id = useId();
  const [courseId, setCourseId] = useState<number | null>(initialCourseId);
  const [draft, setDraft] = useState("");
  const [open, setOpen] = useState<Citation | null>(null);
  const [scoped, setScoped] = useState(true);
  // Beside a study document, that set's own conversation, widened or not.
  const of = { courseId, studySetId: scope?.studySetId };
  const history = useChatHistory(of);
  const asked =
    scope && scoped ? { studySetId: scope.studySetId, studyDocumentId: scope.studyDocumentId } : undefined;
  const send = useSendChat(of, asked);
  const openCitation = (c: Citation) => {
    if (!onCitation?.(c)) setOpen(c);
  };
  const reset = useNewConversation(of);
  const course = courses.find((c) => c.id === courseId);
  // Named as the course picker names it, or as the set is named beside its documents.
  const conversation = `Conversation: ${scope ? scope.label : course ? course.code || course.name : "All Courses"}`;
  const input = useRef<HTMLInputElement>(null);
  const typing = useRef(false);
  // The floating box and the one beside a document open from a button that leaves the page as they come:
  // without this the keyboard's focus fell to the page's (or the viewer's) start, and a question typed at
  // once went nowhere. Home's tool view opens with its page and leaves the focus where it is.
  const beside = scope !== undefined || onCitation !== undefined;
  const askedFor = onClose !== undefined || beside;
  useEffect(() => {
    if (askedFor) input.current?.focus();
  }, [askedFor]);
  // The field is disabled while a question is on its way (SPEC §2.16), which drops its focus: it gets it
  // back with the answer, so the next question can be typed as the last one was.
  useEffect(() => {
    if (!send.isPending && typing.current) {
      typing.current = false;
      input.current?.focus();
    }
  }, [send.isPending]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const content = draft.trim();
    if (!content || send.isPending) return;
    typing.current = document.activeElement === input.current;
    reset.reset();
    setDraft("");
    // A question that did not get through comes back to the field (unless a new one was typed meanwhile),
    // so a dropped connection does not cost the student their words: Send tries it again.
    send.mutate(content, { onError: () => setDraft((typed) => typed || content) });
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        // Escape closes the floating box, unless it belongs to the citation viewer open above it.
        if (e.key === "Escape" && onClose && !open) onClose();
      }}
      className={cn(
        // One column no wider than the panel: a long set name or the course row wraps inside it.
        "grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-border bg-surface p-4 shadow-lg",
        onClose && "fixed bottom-4 right-4 z-40 w-[calc(100vw-2rem)] max-w-md",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          AI Assistant
        </h2>
        <div className="flex items-center gap-1">
          {/* One click on it deleted the conversation for good: it asks first, as other deletes do. */}
          <ConfirmDialog
            title="Start a new conversation?"
            subject={`${conversation} (${history.data?.length ?? 0} messages)`}
            description="Its questions and answers are permanently deleted, here and wherever the assistant shows this conversation. This cannot be undone."
            confirmLabel="Delete conversation"
            pendingLabel="Clearing..."
            onConfirm={() => {
              send.reset();
              return reset.mutateAsync();
            }}
            trigger={
              <Button
                variant="ghost"
                size="sm"
                disabled={reset.isPending || send.isPending || !history.data?.length}
              >
                <MessageSquarePlus className="mr-1 h-4 w-4" aria-hidden />
                New conversation
              </Button>
            }
          />
          {onClose && (
            <Button variant="ghost" size="icon" aria-label="Close chat" onClick={onClose}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {scope && <ScopeBar label={scope.label} scoped={scoped} onChange={setScoped} />}
      {beside && (
        // Beside a document the panel says whose conversation it shows: the set's own, or beside a course
        // material the course's, which the assistant shows on other pages too.
        <p className="text-xs text-muted wrap-anywhere" data-testid="chat-conversation">
          {scope
            ? `${conversation}, kept for this study set apart from the assistant on other pages.`
            : `${conversation}, the same one the assistant shows on other pages.`}
        </p>
      )}
      <CourseBar id={`${id}-course`} courses={courses} courseId={courseId} onChange={setCourseId} />
      <MessageList
        messages={history.data ?? []}
        pending={send.pending}
        // A clear that fails says so in its confirmation, which stays open.
        error={send.isError ? errorMessage(send.error, "Failed to send message.") : null}
        onOpen={openCitation}
      />
      <form className="flex gap-2" onSubmit={submit}>
        <input
          ref={input}
          aria-label="Message"
          placeholder="Ask anything..."
          maxLength={CHAT_CONTENT_MAX}
          className="h-10 min-w-0 flex-1 rounded-md border border-border bg-surface px-3 text-sm"
          value={draft}
          disabled={send.isPending}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={send.isPending || !draft.trim()}>
          <Send className="h-4 w-4" aria-hidden />
        </Button>
      </form>
      {open && <CitationViewer citation={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
