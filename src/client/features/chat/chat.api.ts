import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, authToken, call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { type ChatMessage, chatEndpoints, chatReplySchema } from "#shared/chat.ts";
import { errorBodySchema } from "#shared/errors.ts";
import { materialEndpoints } from "#shared/materials.ts";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const chatQueries = {
  history: (courseId: number | null) =>
    queryOptions({
      queryKey: queryKeys.chat.history(courseId),
      queryFn: () => call(chatEndpoints.history, { query: courseId ? { courseId } : {} }),
    }),
  provider: () =>
    queryOptions({ queryKey: queryKeys.chat.provider(), queryFn: () => call(chatEndpoints.provider) }),
};

/** The cited document's text by page, for the viewer (materials and study-set documents alike). */
export const useDocumentText = (source: "material" | "study", id: number) =>
  useQuery({
    queryKey: queryKeys.materials.text(source, id),
    queryFn: () => call(materialEndpoints.text, { params: { source, id } }),
    staleTime: 60_000,
  });

export const useChatHistory = (courseId: number | null) => useQuery(chatQueries.history(courseId));
export const useChatProvider = () => useQuery(chatQueries.provider());

/** Reads the answer's server-sent events: `delta` pieces as the model writes, then `done` or `error`. */
async function streamChat(
  body: { content: string; courseId: number | null },
  onDelta: (text: string) => void,
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(chatEndpoints.stream.path, {
      method: "POST",
      headers,
      body: JSON.stringify({ isUser: true, ...body, timeZone: browserTimeZone() }),
    });
  } catch {
    throw new ApiError(0, "Could not reach Studyhall. Check your connection and try again.");
  }
  if (!res.ok || !res.body) {
    const parsed = errorBodySchema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError(res.status, `HTTP error! status: ${res.status}`);
    throw new ApiError(res.status, parsed.data.error, parsed.data.code);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null");
      if (name === "delta") onDelta(data.text);
      if (name === "done") return chatReplySchema.parse(data);
      if (name === "error") throw new ApiError(data.status, data.error, data.code);
    }
  }
  throw new ApiError(0, "The answer was cut off. Please try again.");
}

/** Sends a message and shows the answer as it streams in; the stored messages replace it when done. */
export function useSendChat(courseId: number | null) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (content: string) => {
      setPending({ question: content, answer: "" });
      return streamChat({ content, courseId }, (text) =>
        setPending((p) => (p ? { ...p, answer: p.answer + text } : p)),
      );
    },
    onSuccess: ({ userMessage, aiMessage }) => {
      qc.setQueryData<ChatMessage[]>(queryKeys.chat.history(courseId), (old) => [
        ...(old ?? []),
        userMessage,
        aiMessage,
      ]);
    },
    onError: (err) => console.error("Failed to send message:", err),
    onSettled: () => setPending(null),
  });
  return { ...mutation, pending };
}

export function useNewConversation(courseId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(chatEndpoints.clear, { query: courseId ? { courseId } : {} }),
    onSuccess: () => qc.setQueryData(queryKeys.chat.history(courseId), []),
  });
}

export function useTestProvider() {
  return useMutation({ mutationFn: () => call(chatEndpoints.testProvider) });
}
