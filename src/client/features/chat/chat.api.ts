import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, callStream, endpointTable } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { ChatMessage, ChatScope } from "#shared/chat/contract.ts";

const chatEndpoints = endpointTable(() => import("#shared/chat/contract.ts"), "chatEndpoints");
const materialEndpoints = endpointTable(() => import("#shared/materials/contract.ts"), "materialEndpoints");

export const chatQueries = {
  history: (courseId: number | null) =>
    queryOptions({
      queryKey: queryKeys.chat.history(courseId),
      queryFn: async () => call((await chatEndpoints()).history, { query: courseId ? { courseId } : {} }),
    }),
  provider: () =>
    queryOptions({
      queryKey: queryKeys.chat.provider(),
      queryFn: async () => call((await chatEndpoints()).provider),
    }),
};

/** The cited document's text by page, for the viewer (materials and study-set documents alike). */
export const useDocumentText = (source: "material" | "study", id: number) =>
  useQuery({
    queryKey: queryKeys.materials.text(source, id),
    queryFn: async () => call((await materialEndpoints()).text, { params: { source, id } }),
    staleTime: 60_000,
  });

export const useChatHistory = (courseId: number | null) => useQuery(chatQueries.history(courseId));
export const useChatProvider = () => useQuery(chatQueries.provider());

/** The answer's `delta` pieces as the model writes, then both stored messages. */
async function streamChat(
  body: { content: string; courseId: number | null; scope?: ChatScope },
  onDelta: (text: string) => void,
) {
  return callStream(
    (await chatEndpoints()).stream,
    { body: { isUser: true, ...body, timeZone: await browserTimeZone() } },
    onDelta,
  );
}

/** Sends a message and shows the answer as it streams in; the stored messages replace it when done. */
export function useSendChat(courseId: number | null, scope?: ChatScope) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (content: string) => {
      setPending({ question: content, answer: "" });
      return streamChat({ content, courseId, ...(scope ? { scope } : {}) }, (text) =>
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
    mutationFn: async () => call((await chatEndpoints()).clear, { query: courseId ? { courseId } : {} }),
    onSuccess: () => qc.setQueryData(queryKeys.chat.history(courseId), []),
  });
}

export function useTestProvider() {
  return useMutation({ mutationFn: async () => call((await chatEndpoints()).testProvider) });
}
