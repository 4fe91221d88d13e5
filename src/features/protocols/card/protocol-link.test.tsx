import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ProtocolLink } from "./protocol-link";

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.hash} with ${JSON.stringify(location.state)}`}</p>;
}

function renderLinks(start: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <ProtocolLink slug="ondo-finance">Ondo Finance</ProtocolLink>
            <ProtocolLink slug="ondo-finance" section="risk" aria-label="Risk: Low, see the evidence">
              Low
            </ProtocolLink>
          </>
        ),
      },
      { path: "/protocols/:slug", element: <Where /> },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe("ProtocolLink", () => {
  it("links the protocol's page, and a section of it", () => {
    renderLinks("/");
    expect(screen.getByRole("link", { name: "Ondo Finance" })).toHaveAttribute("href", "/protocols/ondo-finance");
    expect(screen.getByRole("link", { name: "Risk: Low, see the evidence" })).toHaveAttribute(
      "href",
      "/protocols/ondo-finance#risk",
    );
  });

  it("opens the page in the app on a click, carrying the directory's view", async () => {
    const { user } = renderLinks("/?q=ondo&risk=Low");
    await user.click(screen.getByRole("link", { name: "Risk: Low, see the evidence" }));
    expect(
      await screen.findByText('at /protocols/ondo-finance#risk with {"directory":"?q=ondo&risk=Low"}'),
    ).toBeInTheDocument();
  });

  it("leaves a click with a modifier key or another button to the browser (a new tab or window)", () => {
    const { router } = renderLinks("/");
    const link = screen.getByRole("link", { name: "Ondo Finance" });
    // fireEvent returns false when a handler called preventDefault: the browser would not follow the link.
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])
      expect(fireEvent.click(link, init)).toBe(true);
    expect(router.state.location.pathname).toBe("/");
    expect(fireEvent.click(link)).toBe(false);
  });
});
