/**
 * Reasoning models served by Ollama, vLLM, llama.cpp or LM Studio (DeepSeek-R1, Qwen3, QwQ) often write
 * their reasoning into the answer itself, as `<think>...</think>` before it, when the server does not
 * split it out into `reasoning_content`. That text is scratch work, not the answer: it may cite sources
 * it then rejects, so a student must see neither the streamed nor the stored version of it.
 */
const OPEN = "<think>";
const CLOSE = "</think>";

/**
 * The answer without its reasoning: a leading `<think>` block, or everything up to a lone `</think>`
 * (chat templates that open the block in the prompt), or nothing at all when the reasoning never closed.
 */
export function stripThinking(text: string): string {
  const close = text.indexOf(CLOSE);
  const open = text.trimStart().startsWith(OPEN);
  if (close >= 0 && (open || !text.slice(0, close).includes(OPEN)))
    return text.slice(close + CLOSE.length).trimStart();
  return open ? "" : text;
}

/** Length of the longest end of `text` that is a start of `tag`: a tag that may be split across chunks. */
function partialTag(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n -= 1) {
    if (tag.startsWith(text.slice(-n))) return n;
  }
  return 0;
}

/**
 * The streamed counterpart of stripThinking for a leading `<think>` block: `push` takes each piece as it
 * arrives and returns what the student may see of it, holding back only what could still turn out to be
 * part of a tag split across pieces.
 */
export function thinkingFilter() {
  let phase: "start" | "thinking" | "answer" = "start";
  let held = "";
  let shown = false;
  const show = (text: string) => {
    const out = shown ? text : text.trimStart();
    if (out) shown = true;
    return out;
  };
  return {
    push(piece: string): string {
      held += piece;
      if (phase === "start") {
        const lead = held.trimStart();
        if (OPEN.startsWith(lead)) return ""; // blank so far, or a tag not yet whole
        if (!lead.startsWith(OPEN)) {
          phase = "answer";
        } else {
          phase = "thinking";
          held = lead.slice(OPEN.length);
        }
      }
      if (phase === "thinking") {
        const close = held.indexOf(CLOSE);
        if (close < 0) {
          held = held.slice(held.length - partialTag(held, CLOSE));
          return "";
        }
        held = held.slice(close + CLOSE.length);
        phase = "answer";
      }
      const out = held;
      held = "";
      return show(out);
    },
  };
}
