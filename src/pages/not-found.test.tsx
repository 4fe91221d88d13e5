import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../tests/render";

describe("not-found page", () => {
  it("says so, logs the unknown path once, and leads home", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderApp("/no-such-page");

    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    // Logged by an effect, once the page has committed.
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith("404 Error: User attempted to access non-existent route:", "/no-such-page"),
    );
    expect(logged).toHaveBeenCalledTimes(1);

    const home = screen.getByRole("link", { name: "Return to Home" });
    expect(home).toHaveAttribute("href", "/");
    await user.click(home);
    expect(await screen.findByText(/^Showing \d+ of \d+ protocols/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Oops! Page not found" })).not.toBeInTheDocument();
  });

  it("also catches nested unknown paths", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/protocols/unknown/deep");
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("404 Error"), "/protocols/unknown/deep"),
    );
  });
});
