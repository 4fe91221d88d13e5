import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { renderWithProviders } from "../../../tests/render";

// The dialog's chunk fails to download (a deploy replaced it, or the network dropped).
vi.mock("@/features/waitlist/waitlist-dialog", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

// A single opener, as in waitlist-dialog.test.tsx's Openers: each test file states the buttons it
// needs (that one adds the limit-reached opener).
function Opener() {
  const { openWaitlist } = useWaitlistDialog();
  return (
    <button type="button" onClick={() => openWaitlist({ source: "header" })}>
      Open waitlist
    </button>
  );
}

describe("WaitlistProvider", () => {
  it("says something went wrong when the dialog cannot load, logs why, and keeps the page", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderWithProviders(<Opener />);
    await user.click(screen.getByRole("button", { name: "Open waitlist" }));

    expect(await screen.findByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith("The waitlist dialog failed to load:", expect.anything()));
    expect(screen.getByRole("button", { name: "Open waitlist" })).toBeEnabled();
  });
});
