import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FLOATING_BUTTON_SCROLL_PX } from "@/config/site";
import { FloatingJoinButton } from "@/components/layout/floating-join-button";

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
  fireEvent.scroll(window);
}

afterEach(() => {
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true, writable: true });
});

describe("FloatingJoinButton", () => {
  it(`appears only while the page is scrolled past ${FLOATING_BUTTON_SCROLL_PX}px`, async () => {
    const onJoin = vi.fn();
    render(<FloatingJoinButton onJoinWaitlist={onJoin} />);
    expect(screen.queryByRole("button", { name: "Join Waitlist" })).not.toBeInTheDocument();

    // Exactly at the threshold is not "more than" it.
    await act(async () => scrollTo(FLOATING_BUTTON_SCROLL_PX));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.queryByRole("button", { name: "Join Waitlist" })).not.toBeInTheDocument();

    scrollTo(FLOATING_BUTTON_SCROLL_PX + 1);
    const button = await screen.findByRole("button", { name: "Join Waitlist" });
    await userEvent.click(button);
    expect(onJoin).toHaveBeenCalledTimes(1);

    scrollTo(120);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Join Waitlist" })).not.toBeInTheDocument());
  });

  it("shows in the first frame when the page mounts scrolled down (reload, back navigation)", async () => {
    Object.defineProperty(window, "scrollY", { value: 900, configurable: true, writable: true });
    render(<FloatingJoinButton onJoinWaitlist={() => {}} />);
    // Read a frame after mounting, not during the commit (which would force the page's layout).
    expect(screen.queryByRole("button", { name: "Join Waitlist" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Join Waitlist" })).toBeInTheDocument();
  });

  it("rises above a bar fixed at the bottom when told its height", async () => {
    Object.defineProperty(window, "scrollY", { value: 900, configurable: true, writable: true });
    const { rerender } = render(<FloatingJoinButton onJoinWaitlist={() => {}} />);
    const holder = (await screen.findByRole("button", { name: "Join Waitlist" })).parentElement!;
    expect(holder.style.bottom).toBe("");
    rerender(<FloatingJoinButton onJoinWaitlist={() => {}} bottomClearance={102} />);
    expect(holder.style.bottom).toBe("102px");
  });

  it("stays shown past 400px while a card's figures pass beneath it (the spec's rule, issue 28)", async () => {
    const figures = document.createElement("div");
    figures.setAttribute("data-card-figures", "");
    figures.getBoundingClientRect = () =>
      ({ left: 900, right: 1230, top: 700, bottom: 840, width: 330, height: 140 }) as DOMRect;
    document.body.append(figures);
    render(<FloatingJoinButton onJoinWaitlist={() => {}} />);
    // Where it rests, 24 px from the right and bottom of a 1280 x 900 window, over the figures
    // (jsdom lays nothing out).
    const holder = document.querySelector<HTMLElement>("[data-floating-join]")!;
    holder.style.right = "24px";
    holder.style.bottom = "24px";
    Object.defineProperties(holder, { offsetWidth: { value: 166 }, offsetHeight: { value: 48 } });
    Object.defineProperty(document.documentElement, "clientWidth", { value: 1280, configurable: true });
    Object.defineProperty(window, "innerHeight", { value: 900, configurable: true });
    scrollTo(900);
    const button = await screen.findByRole("button", { name: "Join Waitlist" });
    // Another frame and another scroll past the figures: still there, still usable.
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    scrollTo(1000);
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    expect(button).toBeVisible();
    expect(button.parentElement).not.toHaveAttribute("inert");
    figures.remove();
  });

  it("stays out on a phone while the comparison tray carries it", () => {
    Object.defineProperty(window, "scrollY", { value: 900, configurable: true, writable: true });
    const { rerender } = render(<FloatingJoinButton onJoinWaitlist={() => {}} />);
    const holder = document.querySelector("[data-floating-join]")!;
    expect(holder).not.toHaveClass("max-sm:hidden");
    rerender(<FloatingJoinButton onJoinWaitlist={() => {}} foldedIntoTray />);
    expect(holder).toHaveClass("max-sm:hidden");
  });
});
