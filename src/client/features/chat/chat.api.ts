import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, callStream, endpointTable } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { ChatMessage, ChatScope } from "#shared/chat/contract.ts";

const chatEndpoints = endpointTable(() => import("#shared/chat/contract.ts"), "chatEndpoints");
const materialEndpoints = endpointTable(() => import("#shared/materials/contract.ts"), "materialEndpoints");

/**
 * Which conversation: a study set's own beside its documents (whatever course is picked there), else the
 * picked course's or the general one.
 */
export interface Conversation {
  courseId: number | null;
  studySetId?: number;
}
const historyKey = ({ courseId, studySetId }: Conversation) =>
  studySetId ? [...queryKeys.chat.all, "set-history", studySetId] : queryKeys.chat.history(courseId);
const conversationQuery = ({ courseId, studySetId }: Conversation) =>
  studySetId ? { studySetId } : courseId ? { courseId } : {};

export const chatQueries = {
  history: (of: Conversation) =>
    queryOptions({
      queryKey: historyKey(of),
      queryFn: async () => call((await chatEndpoints()).history, { query: conversationQuery(of) }),
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

export const useChatHistory = (of: Conversation) => useQuery(chatQueries.history(of));
export const useChatProvider = () => useQuery(chatQueries.provider());

/** The answer's `delta` pieces as the model writes, then both stored messages. */
async function streamChat(
  body: { content: string; courseId: number | null; studySetId?: number; scope?: ChatScope },
  onDelta: (text: string) => void,
) {
  return callStream(
    (await chatEndpoints()).stream,
    { body: { isUser: true, ...body, timeZone: await browserTimeZone() } },
    onDelta,
  );
}

/** Sends a message and shows the answer as it streams in; the stored messages replace it when done. */
export function useSendChat(of: Conversation, scope?: ChatScope) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (content: string) => {
      setPending({ question: content, answer: "" });
      return streamChat({ content, ...of, ...(scope ? { scope } : {}) }, (text) =>
        setPending((p) => (p ? { ...p, answer: p.answer + text } : p)),
      );
    },
    onSuccess: ({ userMessage, aiMessage }) => {
      qc.setQueryData<ChatMessage[]>(historyKey(of), (old) => [...(old ?? []), userMessage, aiMessage]);
    },
    onError: (err) => console.error("Failed to send message:", err),
    onSettled: () => setPending(null),
  });
  return { ...mutation, pending };
}

export function useNewConversation(of: Conversation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await chatEndpoints()).clear, { query: conversationQuery(of) }),
    onSuccess: () => qc.setQueryData(historyKey(of), []),
  });
}

export function useTestProvider() {
  return useMutation({ mutationFn: async () => call((await chatEndpoints()).testProvider) });
}
