/**
 * What a student sees when the AI provider fails, and what the server log keeps (issue 27, fault 7).
 * Providers put anything in their error messages, including the key they were sent ("Incorrect API key
 * provided: sk-..."), so a provider's words never reach a student: they see a short fixed message, and
 * the detail goes to the log with anything that looks like a secret removed.
 */

/** The note on an answer the built-in engine gave because the model failed. */
export const MODEL_FAILED_NOTE = "The AI model could not answer; this answer is from the built-in engine.";
/** What /api/chat/provider/test says: works, or does not work (the reason is in the server log). */
export const PROVIDER_WORKS = "The AI model works.";
export const PROVIDER_FAILS = "The AI model does not work right now. The server log says why.";

const REDACTED = "[redacted]";

/**
 * `text` without secrets: the configured key (and any part of it 8 characters or longer that a
 * provider might echo, e.g. "sk-abc...xyz"), bearer tokens, OpenAI-style keys, and key=value pairs whose
 * name says key, token, secret or password.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 8) continue;
    out = out.split(secret).join(REDACTED);
    // Providers often echo a key shortened: its first and last characters around an ellipsis or stars.
    const head = secret.slice(0, 8);
    out = out.split(head).join(REDACTED);
    const tail = secret.slice(-6);
    if (tail.length >= 6) out = out.split(tail).join(REDACTED);
  }
  return out
    .replace(/\bBearer\s+[^\s"',;]+/gi, `Bearer ${REDACTED}`)
    .replace(/\b(sk|pk|rk|ak)-[A-Za-z0-9_*.-]{4,}/g, REDACTED)
    .replace(
      /\b([\w-]*(?:api[_-]?key|token|secret|password|authorization)[\w-]*)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi,
      `$1$2${REDACTED}`,
    );
}

/** A provider failure as one line for the log: HTTP status and code when the SDK gave them, redacted. */
export function providerFailureDetail(err: unknown, secrets: readonly (string | undefined)[] = []) {
  const e = err as { name?: string; status?: number; code?: unknown; message?: string };
  const message = err instanceof Error ? err.message : String(err);
  return {
    type: e?.name ?? typeof err,
    ...(typeof e?.status === "number" ? { status: e.status } : {}),
    ...(typeof e?.code === "string" ? { code: redactSecrets(e.code, secrets) } : {}),
    message: redactSecrets(message, secrets).slice(0, 500),
  };
}
