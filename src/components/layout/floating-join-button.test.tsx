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

  it("is already shown when the page mounts scrolled down (reload, back navigation)", () => {
    Object.defineProperty(window, "scrollY", { value: 900, configurable: true, writable: true });
    render(<FloatingJoinButton onJoinWaitlist={() => {}} />);
    expect(screen.getByRole("button", { name: "Join Waitlist" })).toBeInTheDocument();
  });

  it("rises above a bar fixed at the bottom when told its height", () => {
    Object.defineProperty(window, "scrollY", { value: 900, configurable: true, writable: true });
    const { rerender } = render(<FloatingJoinButton onJoinWaitlist={() => {}} />);
    const holder = screen.getByRole("button", { name: "Join Waitlist" }).parentElement!;
    expect(holder.style.bottom).toBe("");
    rerender(<FloatingJoinButton onJoinWaitlist={() => {}} bottomClearance={102} />);
    expect(holder.style.bottom).toBe("102px");
  });
});
