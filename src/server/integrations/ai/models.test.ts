import { describe, expect, it } from "vitest";
import { chosenModel, offeredModels } from "./models.ts";

describe("the AI models a student may pick", () => {
  it("OpenAI's own server: gpt-4o and gpt-3.5-turbo, plus OPENAI_MODEL when set", () => {
    expect(offeredModels({})).toEqual(["gpt-4o", "gpt-3.5-turbo"]);
    expect(offeredModels({ baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini" })).toEqual([
      "gpt-4o-mini",
      "gpt-4o",
      "gpt-3.5-turbo",
    ]);
    expect(chosenModel({}, "gpt-3.5-turbo")).toBe("gpt-3.5-turbo");
  });

  it("another server (Ollama, LM Studio) with its model named: only that model, whatever was saved", () => {
    const ollama = { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1" };
    expect(offeredModels(ollama)).toEqual(["llama3.1"]);
    expect(chosenModel(ollama, "gpt-4o")).toBe("llama3.1");
    expect(chosenModel(ollama, "llama3.1")).toBe("llama3.1");
  });

  it("a saved name the server does not offer falls back to its default", () => {
    expect(chosenModel({}, "llama3.1")).toBe("gpt-4o");
  });
});
