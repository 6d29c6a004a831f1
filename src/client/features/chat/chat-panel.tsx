import { MessageSquarePlus, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { CHAT_CONTENT_MAX, CHAT_GREETING, type ChatMessage, type Citation } from "#shared/chat/contract.ts";
import type { Course } from "#shared/courses/contract.ts";
import { useChatHistory, useChatProvider, useNewConversation, useSendChat } from "./chat.api.ts";
import { AssistantMessage } from "./chat-message.tsx";
import { CitationViewer } from "./citation-viewer.tsx";

const bubble = (mine: boolean) =>
  cn(
    "max-w-[85%] min-w-0 rounded-lg px-3 py-2 text-sm",
    mine ? "ml-auto bg-accent-strong text-white" : "mr-auto bg-bg text-fg",
  );

/** The course the conversation is about, and which engine answers. */
function CourseBar({
  id,
  courses,
  courseId,
  onChange,
}: {
  id: string;
  courses: Course[];
  courseId: number | null;
  onChange: (courseId: number | null) => void;
}) {
  const provider = useChatProvider();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
      <span className="flex items-center gap-2">
        <label htmlFor={id}>Course</label>
        <Select
          id={id}
          className="h-8 w-auto text-xs"
          value={courseId ?? "all"}
          onChange={(e) => onChange(e.target.value === "all" ? null : Number(e.target.value))}
        >
          <option value="all">All Courses</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code || c.name}
            </option>
          ))}
        </Select>
      </span>
      {provider.data && (
        <span>
          {provider.data.label}
          {provider.data.model ? ` · ${provider.data.model}` : ""}
        </span>
      )}
    </div>
  );
}

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
    <div
      ref={list}
      className="grid h-64 min-w-0 content-start gap-3 overflow-y-auto"
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

/**
 * SPEC §2.16 chat panel: the floating box (with `onClose`) or the Home tool view. History lives on the
 * server, per student and per chosen course.
 */
export function ChatPanel({ courses, onClose }: { courses: Course[]; onClose?: () => void }) {
  const id = useId();
  const [courseId, setCourseId] = useState<number | null>(null);
  const [draft, setDraft] = useState("");
  const [open, setOpen] = useState<Citation | null>(null);
  const history = useChatHistory(courseId);
  const send = useSendChat(courseId);
  const reset = useNewConversation(courseId);

  function submit(e: FormEvent) {
    e.preventDefault();
    const content = draft.trim();
    if (!content || send.isPending) return;
    setDraft("");
    send.mutate(content);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        "grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4 shadow-lg",
        onClose && "fixed bottom-4 right-4 z-40 w-[calc(100vw-2rem)] max-w-md",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          AI Assistant
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => reset.mutate()}
            disabled={reset.isPending || send.isPending}
          >
            <MessageSquarePlus className="mr-1 h-4 w-4" aria-hidden />
            New conversation
          </Button>
          {onClose && (
            <Button variant="ghost" size="icon" aria-label="Close chat" onClick={onClose}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <CourseBar id={`${id}-course`} courses={courses} courseId={courseId} onChange={setCourseId} />
      <MessageList
        messages={history.data ?? []}
        pending={send.pending}
        error={send.isError ? errorMessage(send.error, "Failed to send message.") : null}
        onOpen={setOpen}
      />
      <form className="flex gap-2" onSubmit={submit}>
        <input
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
