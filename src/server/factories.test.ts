import { describe, expect, it } from "vitest";
import { flashcardEndpoints } from "#shared/flashcards/contract.ts";
import { groupEndpoints } from "#shared/friends/groups.ts";
import { materialEndpoints } from "#shared/materials/contract.ts";
import {
  createCard,
  createMaterial,
  createReview,
  createSharedSet,
  createShareLink,
  ownerOf,
} from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();

// tests/factories.ts: a row made with no parent given comes with its parents and its owner.
describe("factories", () => {
  it("make a card's flashcard set, study set and owner, and rate it as that owner", async () => {
    const card = await createCard(t.app);
    const owner = ownerOf(card);
    const cards = await t
      .api(owner)
      .call(flashcardEndpoints.listCards, { params: { id: card.flashcardSetId } });
    expect(cards.map((c) => c.id)).toEqual([card.id]);
    const review = await createReview(t.app, { card });
    expect(review.flashcardId).toBe(card.id);
  });

  it("make a shared set's group and study set, a material and a share link with their owners", async () => {
    const shared = await createSharedSet(t.app);
    const detail = await t
      .api(ownerOf(shared.group))
      .call(groupEndpoints.get, { params: { id: shared.group.id } });
    expect(detail.sets.map((s) => s.id)).toContain(shared.studySet.id);
    const material = await createMaterial(t.app);
    expect((await t.api(ownerOf(material)).call(materialEndpoints.list)).map((m) => m.id)).toEqual([
      material.id,
    ]);
    const link = await createShareLink(t.app);
    expect(link.shareCode.length).toBeGreaterThan(0);
  });
});
