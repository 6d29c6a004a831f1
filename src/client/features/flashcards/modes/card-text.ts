import type { Flashcard } from "#shared/flashcards/contract.ts";

// What a row shows on each side. Every study mode asks here, so rich cards (cloze blanks, the reverse
// side, decision 015) arrive in all of them by changing these two lines.
export const cardPrompt = (card: Flashcard): string => card.question;
export const cardAnswer = (card: Flashcard): string => card.answer;
