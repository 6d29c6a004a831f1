import { OCCLUSION_ALT } from "#shared/flashcards/media-names.ts";

const OCCLUSION_QUESTION = new RegExp(`^!\\[${OCCLUSION_ALT}\\]\\(`);
/** Whether a card's question is an occlusion card's picture (its rows are written that way). */
export const isOcclusionQuestion = (question: string) => OCCLUSION_QUESTION.test(question);
