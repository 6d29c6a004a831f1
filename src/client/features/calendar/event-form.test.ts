import { afterAll, describe, expect, it } from "vitest";
import { createEventSchema } from "#shared/calendar/contract.ts";
import { emptyEventForm, eventFormSchema, eventFormToInput } from "./event-form.ts";

const originalTz = process.env.TZ;
process.env.TZ = "Asia/Tokyo";
afterAll(() => {
  process.env.TZ = originalTz;
});

describe("Add Event form (SPEC §2.4)", () => {
  it("starts on the selected day at 09:00 with an empty title", () => {
    expect(emptyEventForm(new Date(2025, 5, 3, 17))).toEqual({
      title: "",
      description: "",
      date: "2025-06-03",
      time: "09:00",
    });
  });

  it("needs a non-blank title and a real date", () => {
    const blank = eventFormSchema.safeParse({ ...emptyEventForm(new Date()), title: "  " });
    expect(blank.error?.issues[0]?.message).toBe("Event title is required");
    const noDate = eventFormSchema.safeParse({ ...emptyEventForm(new Date()), title: "x", date: "" });
    expect(noDate.error?.issues[0]?.message).toBe("Choose a date");
  });

  it("sends the local day and time as an instant the server accepts", () => {
    const input = eventFormToInput({ title: " Exam ", description: "", date: "2025-06-03", time: "14:30" });
    expect(input).toEqual({ title: "Exam", description: "", date: "2025-06-03T05:30:00.000Z" });
    expect(createEventSchema.safeParse(input).success).toBe(true);
    expect(eventFormToInput({ title: "x", description: "", date: "2025-06-03", time: "" }).date).toBe(
      "2025-06-03T00:00:00.000Z",
    );
  });
});
