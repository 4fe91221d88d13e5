import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useBottomClearance } from "@/components/layout/use-bottom-clearance";

function Probe() {
  return <output aria-label="clearance">{useBottomClearance("[data-selection-bar]")}</output>;
}

describe("useBottomClearance", () => {
  it("measures a bottom bar while it exists, plus a small gap, and drops to 0 when it goes", async () => {
    render(<Probe />);
    const value = screen.getByRole("status", { name: "clearance" });
    expect(value).toHaveTextContent("0");

    const bar = document.createElement("section");
    bar.setAttribute("data-selection-bar", "");
    bar.getBoundingClientRect = () => ({ top: window.innerHeight - 90 }) as DOMRect;
    document.body.append(bar);
    await waitFor(() => expect(value).toHaveTextContent("102"));

    bar.remove();
    await waitFor(() => expect(value).toHaveTextContent("0"));
  });
});
