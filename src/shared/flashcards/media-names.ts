// What a card's pictures are called and where they are served, without zod: review draws pictures
// and occlusion cards without loading the flashcards contract.

/** Where a card's `![](name)` image is served from. */
export const cardMediaUrl = (setId: number, name: string) =>
  `/api/study/flashcard-sets/${setId}/media/${encodeURIComponent(name)}`;

/** An occlusion row's question is its picture with this alt text: search and export still see a picture. */
export const OCCLUSION_ALT = "occlusion";
