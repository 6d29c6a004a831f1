import { readErrorBody } from "#shared/errors.ts";
import { ApiError, authToken } from "./api.ts";

/**
 * POSTs JSON to a server-sent-events endpoint (src/server/lib/sse.ts) and reads its events: `delta`
 * pieces go to `onDelta`, `done` ends with its data, `error` and a refusal before the stream throw an
 * ApiError like `call` does.
 */
export async function postEventStream(
  path: string,
  body: unknown,
  onDelta: (text: string) => void,
): Promise<unknown> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "Could not reach Studyhall. Check your connection and try again.");
  }
  if (!res.ok || !res.body) {
    const body = readErrorBody(await res.json().catch(() => undefined));
    if (!body) throw new ApiError(res.status, `HTTP error! status: ${res.status}`);
    throw new ApiError(res.status, body.error, body.code);
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
      if (name === "done") return data;
      if (name === "error") throw new ApiError(data.status, data.error, data.code);
    }
  }
  throw new ApiError(0, "The answer was cut off. Please try again.");
}
