import { z } from "zod";

/**
 * Which engine answered: the built-in one or the configured model. Its own module, so the summarizer's
 * contract (in /summarize's first load) takes this one enum and not the whole chat contract.
 */
export const providerSchema = z.enum(["builtin", "openai"]);
export type Provider = z.infer<typeof providerSchema>;
