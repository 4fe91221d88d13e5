import { describe, expect, it } from "vitest";
import { isValidWaitlistEmail } from "@/features/waitlist/email";

describe("isValidWaitlistEmail", () => {
  it.each(["ada@example.com", "  ada@example.com  ", "a@b", "@"])("accepts %j (non-empty, has '@')", (value) => {
    expect(isValidWaitlistEmail(value)).toBe(true);
  });

  it.each(["", "   ", "ada.example.com", "\t\n"])("rejects %j", (value) => {
    expect(isValidWaitlistEmail(value)).toBe(false);
  });
});
