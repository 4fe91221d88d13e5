// Look-alike addresses (issue 30, item 4): refused in the form with the spec's invalid-address
// answer, the typed text kept, nothing sent.
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { server } from "../../../tests/msw/server";
import { renderWithProviders } from "../../../tests/render";

const INVALID = "Please enter a valid email address";

function Opener() {
  const { openWaitlist } = useWaitlistDialog();
  return (
    <button type="button" onClick={() => openWaitlist({ source: "header" })}>
      Open waitlist
    </button>
  );
}

describe("waitlist dialog: look-alike addresses", () => {
  it.each([
    ["a full-width g", "ada@\uff47mail.com"],
    ["a zero-width space after it", "ada@gmail.com\u200b"],
    ["a Cyrillic а", "\u0430da@gmail.com"],
  ])("answers an address with %s as invalid, keeps it in the field, and sends nothing", async (_, value) => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/functions/v1/add-to-waitlist", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderWithProviders(<Opener />);
    await user.click(screen.getByRole("button", { name: "Open waitlist" }));
    const dialog = await screen.findByRole("dialog", { name: "Join the Waitlist" });
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    await user.type(email, value);
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    const toasts = screen.getByRole("region", { name: /notifications/i });
    expect(await within(toasts).findByText(INVALID)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(INVALID);
    expect(email).toHaveValue(value);
    expect(screen.getByRole("dialog", { name: "Join the Waitlist" })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
