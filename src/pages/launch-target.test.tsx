// No text promises a launch date that has passed. With the spec's default target
// (Q1 2026), every place that shows it names it before it ends and says 'opening soon' after.
import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "@/config/site";
import { Hero } from "@/features/protocols/directory/hero";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { server } from "../../tests/msw/server";
import { renderApp, renderWithProviders } from "../../tests/render";

const BEFORE = new Date("2026-01-15T12:00:00Z");
const AFTER = new Date("2026-11-25T12:00:00Z");
const LOADED = { timeout: 10_000 };

/** Only Date is faked: the page's timers (Radix, React Query) keep running. */
function today(date: Date) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(date);
}

afterEach(() => {
  vi.useRealTimers();
});

function OpenWaitlist() {
  const { openWaitlist } = useWaitlistDialog();
  return (
    <button type="button" onClick={() => openWaitlist({ source: "header" })}>
      Open waitlist
    </button>
  );
}

describe.each([
  { when: "before the target ends", date: BEFORE, says: "Q1 2026" },
  { when: "after the target has ended", date: AFTER, says: "opening soon" },
])("launch target $when", ({ date, says }) => {
  const other = says === "Q1 2026" ? /opening soon/ : /Q1 2026/;

  it("the hero names it in its text and its eyebrow", () => {
    expect(site.launchTarget).toBe("Q1 2026");
    today(date);
    renderWithProviders(<Hero stats={null} onJoinWaitlist={() => {}} />);
    const hero = screen.getByRole("heading", { level: 1 }).closest("section")!;
    // Two sentences with a space between them (JSX drops a line break before an expression).
    expect(hero).toHaveTextContent(
      says === "Q1 2026"
        ? "commodities and more, free. Our portfolio analytics platform opens for early access in Q1 2026."
        : "commodities and more, free. Our portfolio analytics platform is opening soon for early access.",
    );
    expect(hero).toHaveTextContent(`Portfolio analytics platform • Early access ${says}`);
    expect(hero).not.toHaveTextContent(other);
  });

  it("the waitlist dialog's note", async () => {
    today(date);
    const { user } = renderWithProviders(<OpenWaitlist />);
    await user.click(screen.getByRole("button", { name: "Open waitlist" }));
    const dialog = await screen.findByRole("dialog", { name: "Join the Waitlist" }, LOADED);
    expect(dialog).toHaveTextContent(
      says === "Q1 2026"
        ? "get early access when we launch in Q1 2026."
        : "get early access when we launch (opening soon).",
    );
    expect(dialog).not.toHaveTextContent(other);
  });

  it("/confirm once confirmed", async () => {
    today(date);
    server.use(http.post("*/functions/v1/add-to-waitlist/confirm", () => HttpResponse.json({ status: "confirmed" })));
    renderApp("/confirm#token=q3Yb0Jt2m8sYyF1b1Yp3a8b9c0d1e2f3g4h5i6j7k8l");
    // Nothing is confirmed on load: the visitor presses the button (docs/security.md).
    fireEvent.click(await screen.findByRole("button", { name: "Confirm my email" }, LOADED));
    const heading = await screen.findByRole("heading", { level: 1, name: "You're on the waitlist" }, LOADED);
    const message = heading.closest("section")!;
    expect(message).toHaveTextContent(
      `let you know when early access opens (${says === "Q1 2026" ? "target: Q1 2026" : "opening soon"}).`,
    );
    expect(message).not.toHaveTextContent(other);
  });

  it("the privacy policy's closing pitch", async () => {
    today(date);
    renderApp("/privacy-policy");
    const pitch = (await screen.findByText("Want early access?", undefined, LOADED)).closest("aside")!;
    expect(within(pitch).getByText(/Portfolio analytics for tokenized real-world assets/)).toHaveTextContent(
      says === "Q1 2026" ? "launching Q1 2026." : "assets, opening soon.",
    );
  });
});
