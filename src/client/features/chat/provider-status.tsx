import { Button } from "#client/components/ui/button.tsx";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { useChatProvider, useTestProvider } from "./chat.api.ts";

/** Settings > AI: which engine answers the assistant, and a check that it is reachable. */
export function ProviderStatus() {
  const provider = useChatProvider();
  const test = useTestProvider();
  return (
    <Card className="grid gap-3">
      <CardTitle className="text-base">Assistant provider</CardTitle>
      <p className="text-sm">
        Active: <strong>{provider.data?.label ?? "..."}</strong>
        {provider.data?.model ? ` (${provider.data.model})` : ""}
      </p>
      {provider.data?.provider === "builtin" && (
        <p className="text-sm text-muted">
          The built-in engine quotes your own materials and tasks and works offline. Set OPENAI_API_KEY or
          OPENAI_BASE_URL on the server to use a model.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Testing..." : "Test connection"}
        </Button>
        {test.data && (
          <p
            role="status"
            className={
              test.data.ok
                ? "text-sm text-green-700 dark:text-green-400"
                : "text-sm text-red-700 dark:text-red-400"
            }
          >
            {test.data.message}
          </p>
        )}
      </div>
    </Card>
  );
}
