import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { site } from "@/config/site";
import { renderApp } from "../../tests/render";

const SECTIONS = [
  "1. Information We Collect",
  "2. How We Use Your Information",
  "3. Third-Party Services",
  "4. Data Storage and Security",
  "5. Your Rights",
  "6. Cookies",
  "7. Changes",
  "8. Contact Us",
];

describe("privacy policy page", () => {
  it("has the eight sections in order, the date, and the contact address", async () => {
    renderApp("/privacy-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText(`Last updated ${site.privacyPolicyUpdated}`)).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(SECTIONS);

    const contact = within(screen.getByRole("region", { name: "8. Contact Us" }));
    expect(contact.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
    expect(
      within(screen.getByRole("region", { name: "1. Information We Collect" })).getByText(
        /one piece of personal information/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/Privacy Policy/));
  });

  it("points the canonical link at itself while shown, and back at home afterwards", async () => {
    const link = document.createElement("link");
    link.rel = "canonical";
    link.href = "https://example.org/";
    document.head.append(link);
    const { unmount } = renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    await waitFor(() => expect(link.href).toBe("https://example.org/privacy-policy"));
    unmount();
    expect(link.href).toBe("https://example.org/");
    link.remove();
  });

  it("keeps the site header and footer, and opens the waitlist from the page", async () => {
    const { user } = renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(
      within(screen.getByRole("contentinfo")).getByText(`Data as of ${site.dataAsOf} • Updated monthly`),
    ).toBeInTheDocument();
    // The banner and floating button belong to the home page only.
    expect(screen.queryByRole("complementary", { name: "Announcement" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect(await screen.findByRole("dialog", { name: "Join the Waitlist" })).toBeInTheDocument();
  });

  it("is reached from the home page's footer link, scrolled to the top", async () => {
    const { user } = renderApp("/");
    const scrolled = vi.spyOn(window, "scrollTo");
    await user.click(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Privacy Policy" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(scrolled).toHaveBeenCalledWith(0, 0);
  });
});
