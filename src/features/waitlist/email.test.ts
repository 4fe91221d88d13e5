import { describe, expect, it } from "vitest";
import { isValidWaitlistEmail } from "@/features/waitlist/email";

describe("isValidWaitlistEmail", () => {
  it.each(["ada@example.com", "  ada@example.com  ", "a@b", "@", "ada@example.com\u00a0"])(
    "accepts %j (non-empty, has '@', ASCII once trimmed)",
    (value) => {
      expect(isValidWaitlistEmail(value)).toBe(true);
    },
  );

  it.each(["", "   ", "ada.example.com", "\t\n"])("rejects %j", (value) => {
    expect(isValidWaitlistEmail(value)).toBe(false);
  });

  it.each([
    ["a full-width g", "ada@\uff47mail.com"],
    ["a zero-width space after the address", "ada@gmail.com\u200b"],
    ["a zero-width joiner inside", "a\u200dda@gmail.com"],
    ["a Cyrillic а", "\u0430da@gmail.com"],
    ["a Kelvin sign", "\u212aate@example.com"],
    ["a soft hyphen", "ada@gm\u00adail.com"],
    ["a right-to-left mark", "ada@gmail.com\u200f"],
  ])("rejects an address with %s", (_, value) => {
    expect(isValidWaitlistEmail(value)).toBe(false);
  });
});
