import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

// The boot (main.tsx) runs when imported: each test sets the page up, then imports it afresh.
async function boot(html: string): Promise<void> {
  document.body.innerHTML = html;
  vi.resetModules();
  await import("@/main");
}

afterEach(() => {
  vi.doUnmock("@/render-app");
  document.body.innerHTML = "";
});

describe("the boot, when the app's code fails to load", () => {
  it("replaces the frame with 'Something went wrong' and a 'Reload' that reloads", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, pathname: "/", search: "", reload });
    // What the browser says when a chunk does not arrive (a dropped line, a deploy, 504 Outdated Optimize Dep).
    vi.doMock("@/render-app", () => {
      throw new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/render-app-x.js");
    });

    await boot('<div id="root" data-prerendered="/"><h1>Bringing the frame</h1></div>');

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("An unexpected error stopped this page from loading. Reloading usually fixes it.");
    expect(screen.queryByText("Bringing the frame")).not.toBeInTheDocument();
    expect(document.getElementById("root")).not.toHaveAttribute("data-prerendered");
    expect(logged).toHaveBeenCalledWith("The app failed to load:", expect.any(Error));

    await userEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
