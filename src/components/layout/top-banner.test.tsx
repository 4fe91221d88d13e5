import { act, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { BANNER_DISMISSED_KEY } from "@/config/site";
import { TopBanner } from "@/components/layout/top-banner";

const TEXT = "Portfolio Analytics Platform Coming Soon - Join the waitlist for early access";

describe("TopBanner", () => {
  it("shows the announcement and hands 'Get Early Access' to the waitlist", async () => {
    const onJoin = vi.fn();
    render(<TopBanner onJoinWaitlist={onJoin} />);
    const banner = screen.getByRole("complementary", { name: "Announcement" });
    expect(banner).toHaveTextContent(TEXT);

    await userEvent.click(screen.getByRole("button", { name: "Get Early Access" }));
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it("stays dismissed for the rest of the session, across remounts", async () => {
    const first = render(<TopBanner onJoinWaitlist={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss banner" }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(BANNER_DISMISSED_KEY)).not.toBeNull();
    first.unmount();

    // A fresh mount reads the flag before its first paint: the banner never appears.
    const second = render(<TopBanner onJoinWaitlist={() => {}} />);
    expect(second.container).toBeEmptyDOMElement();
  });

  it("still closes when session storage is unavailable", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    render(<TopBanner onJoinWaitlist={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss banner" }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it("hydrates the prerendered banner without a mismatch when it was dismissed, then removes it", async () => {
    // What the build wrote (no session there), then a visitor who dismissed it earlier.
    const container = document.createElement("div");
    container.innerHTML = renderToString(<TopBanner onJoinWaitlist={() => {}} />);
    document.body.append(container);
    sessionStorage.setItem(BANNER_DISMISSED_KEY, "1");
    const recoverable = vi.fn();

    const root = await act(async () =>
      hydrateRoot(container, <TopBanner onJoinWaitlist={() => {}} />, { onRecoverableError: recoverable }),
    );
    expect(container).toBeEmptyDOMElement();
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
