import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CardText } from "#client/components/card-text/card-text.tsx";
import type { Flashcard } from "#shared/flashcards/contract.ts";
import { QuizReview } from "../quizzes/quiz-results.tsx";
import { TestSheet } from "./test-sheet.tsx";
import { dealTest, startTest } from "./test-state.ts";

// Anki's `[sound:x.mp3]` is drawn by the card text renderer (a sound mark) wherever a card is shown
// without its play buttons: never the raw tag on a test sheet, in quiz options or in quiz results.
const cards: Flashcard[] = ["Paris", "Rome", "Bern", "Oslo", "Madrid"].map((answer, i) => ({
  id: i + 1,
  flashcardSetId: 1,
  question: `Capital ${i + 1} [sound:q${i}.mp3]`,
  answer: `${answer} [sound:a${i}.mp3]`,
  hint: null,
  tags: [],
  type: "basic",
  ord: 0,
  guid: null,
}));
/** What the page shows: the markup's text, not its attributes (an option's value is the card's text). */
const shown = (html: string) => html.replace(/<[^>]+>/g, " ");

describe("sound tags on cards shown without play buttons", () => {
  it("CardText draws a sound mark and keeps the text around it", () => {
    const out = shown(renderToStaticMarkup(<CardText inline text="hello [sound:x.mp3] *world*" />));
    expect(out).not.toContain("[sound:");
    expect(out).toContain("sound");
    expect(out).toContain("hello");
  });

  it("a test sheet of every kind of question shows no raw [sound:", () => {
    const state = dealTest(
      startTest(
        cards.map((c) => c.id),
        7,
      ),
      cards,
      ["choice", "truefalse", "written", "matching"],
      5,
    );
    const out = shown(
      renderToStaticMarkup(
        <TestSheet state={state} cards={cards} star={() => null} onAnswer={() => {}} onSubmit={() => {}} />,
      ),
    );
    expect(out).toContain("Capital 1");
    expect(out).toContain("🔈");
    expect(out).not.toContain("[sound:");
  });

  it("quiz results show no raw [sound:", () => {
    const out = shown(
      renderToStaticMarkup(
        <QuizReview
          answers={[
            {
              cardId: 1,
              question: cards[0]!.question,
              answer: cards[0]!.answer,
              chosen: cards[1]!.answer,
              correct: false,
            },
          ]}
          onBack={() => {}}
        />,
      ),
    );
    expect(out).toContain("Paris");
    expect(out).not.toContain("[sound:");
  });
});
