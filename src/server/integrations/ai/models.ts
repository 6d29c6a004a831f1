import { AI_MODELS, DEFAULT_AI_MODEL } from "#shared/constants.ts";

export interface ModelServer {
  baseUrl?: string;
  /** OPENAI_MODEL: the server's own model (e.g. 'llama3.1' on Ollama). */
  model?: string;
}

const isOpenAi = (baseUrl?: string) => !baseUrl || new URL(baseUrl).hostname === "api.openai.com";

/**
 * The models a student may pick in Settings > AI: OpenAI's (gpt-4o, gpt-3.5-turbo) when the server is
 * OpenAI's, plus the server's own OPENAI_MODEL. Another server (Ollama, LM Studio) offers only its own
 * model: asking it for gpt-4o would fail every time.
 */
export function offeredModels(server: ModelServer): string[] {
  const own = server.model ? [server.model] : [];
  if (own.length && !isOpenAi(server.baseUrl)) return own;
  return [...new Set([...own, ...AI_MODELS])];
}

/** The student's choice when the server offers it, else the server's own model. */
export function chosenModel(server: ModelServer, aiModel: string): string {
  return offeredModels(server).includes(aiModel) ? aiModel : (server.model ?? DEFAULT_AI_MODEL);
}
