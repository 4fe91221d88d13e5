import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { site } from "@/config/site";
import { SiteHeader } from "@/components/layout/site-header";

function renderHeader(onJoin = vi.fn()) {
  render(
    <MemoryRouter>
      <SiteHeader onJoinWaitlist={onJoin} />
    </MemoryRouter>,
  );
  return onJoin;
}

describe("SiteHeader", () => {
  it("links the wordmark home and mails the contact address", () => {
    renderHeader();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: `${site.productName} home` })).toHaveAttribute("href", "/");
    const nav = within(header).getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
  });

  it("reports the header's join action", async () => {
    const onJoin = renderHeader();
    const nav = screen.getByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("button", { name: "Join Waitlist" }));
    expect(onJoin).toHaveBeenCalledWith("header");
  });

  it("opens a titled drawer from the menu button with the contact link and the join action", async () => {
    const onJoin = renderHeader();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    const menuButton = screen.getByRole("button", { name: "Open menu" });
    expect(menuButton).toHaveAttribute("aria-haspopup", "dialog");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(menuButton);
    // The drawer's code loads on first use, so it may take a moment.
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(within(drawer).getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );

    // Joining from the drawer closes it first, so the waitlist dialog is not stacked on it,
    // and focus is back on the menu button for the waitlist dialog to return to.
    await userEvent.click(within(drawer).getByRole("button", { name: "Join Waitlist" }));
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
    await waitFor(() => expect(onJoin).toHaveBeenCalledWith("drawer"));
    expect(onJoin).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
  });

  it("closes the drawer with its close button and returns focus to the menu button", async () => {
    renderHeader();
    const menuButton = screen.getByRole("button", { name: "Open menu" });
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});
