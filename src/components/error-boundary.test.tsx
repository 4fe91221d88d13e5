import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "@/components/error-boundary";

function Boom({ explode }: { explode: boolean }) {
  if (explode) throw new Error("render failed");
  return <p>All good</p>;
}

describe("ErrorBoundary", () => {
  it("replaces a crashed tree with a friendly message, logs the error, and offers a reload", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });

    render(
      <ErrorBoundary>
        <Boom explode />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith("Unhandled UI error:", expect.any(Error), expect.anything());

    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
