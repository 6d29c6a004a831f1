import type { Flashcard } from "#shared/flashcards/contract.ts";

// What a card shows on each side in the study modes. Their cards come through useModeCards already as
// shown (cardSides: cloze blanks, the reverse side), so these read the shown texts.
export const cardPrompt = (card: Flashcard): string => card.question;
/** The short expected answer: what choices offer and written answers are graded against. */
export const cardAnswer = (card: Flashcard): string => card.answer;
/** The whole answer side (a cloze's hidden words with the note's back text). */
export const cardBack = (card: Flashcard & { back?: string }): string => card.back ?? card.answer;
