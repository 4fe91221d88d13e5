import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FACTOR_METHOD, NO_ACCEPTABLE_SOURCE, RULE_STEPS } from "@/lib/risk-method";
import { SOURCE_TIER_DATA } from "@/lib/source-tiers";
import { FACTOR_LABELS, RISK_FACTORS } from "@/lib/risk-rating";
import { renderApp } from "../../tests/render";

describe("the methodology page", () => {
  it("states the factors and their steps, the rule, Unknown, Not rated and the version, from the rule's constants", async () => {
    renderApp("/methodology");
    expect(await screen.findByRole("heading", { level: 1, name: "How we rate risk" })).toBeInTheDocument();
    // Set in an effect, which may run just after the heading's commit.
    await waitFor(() => expect(document.title).toBe("Risk rating methodology | RWA Atlas"));
    expect(screen.getByText(/^Version 1\.1 · published/)).toHaveTextContent("Version 1.1 · published Nov 27, 2026");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "The seven factors",
      "The rule",
      "Unknown and Not rated",
      "The evidence",
      "Sources",
      "Changes",
      "Versions",
    ]);

    const factors = screen.getByRole("region", { name: "The seven factors" });
    expect(
      within(factors)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(RISK_FACTORS.map((factor, index) => `${index + 1}. ${FACTOR_LABELS[factor]}`));
    // Each step in words beside its level; the computed factors say how they are computed.
    const redemption = within(factors).getByRole("heading", { name: "4. Redemption liquidity" }).closest("li")!;
    expect(redemption).toHaveTextContent("LowInstant or same-day (T+0/T+1).");
    expect(redemption).toHaveTextContent("Very HighNo redemption (a secondary market only).");
    const track = within(factors).getByRole("heading", { name: "6. Track record and scale" }).closest("li")!;
    expect(track).toHaveTextContent("Computed");
    expect(track).toHaveTextContent(FACTOR_METHOD.track_record.computed!);

    const rule = within(screen.getByRole("region", { name: "The rule" })).getAllByRole("listitem");
    expect(rule.map((li) => li.textContent)).toEqual(RULE_STEPS);

    const states = screen.getByRole("region", { name: "Unknown and Not rated" });
    expect(within(states).getByText("Unknown")).toBeInTheDocument();
    expect(within(states).getAllByText(/Not rated/).length).toBeGreaterThan(0);
    expect(states).toHaveTextContent("fewer than five evidenced factors");

    expect(screen.getByText(/^It is not investment advice/)).toBeInTheDocument();
  });

  it("states the source tiers and the never list from data/source-tiers.json, and what happens without a source", async () => {
    renderApp("/methodology");
    const sources = await screen.findByRole("region", { name: "Sources" });
    expect(
      within(sources)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Primary sources", "Secondary sources", "Never a source"]);
    for (const entry of [...SOURCE_TIER_DATA.primary, ...SOURCE_TIER_DATA.secondary])
      expect(sources).toHaveTextContent(`${entry.category} (${entry.examples}): ${entry.reason}`);
    const never = within(sources).getByRole("heading", { name: "Never a source" }).parentElement!;
    for (const entry of SOURCE_TIER_DATA.never) {
      expect(never).toHaveTextContent(`${entry.category}: ${entry.reason}`);
      for (const host of entry.hosts) expect(never).toHaveTextContent(host.pattern);
    }
    expect(sources).toHaveTextContent(NO_ACCEPTABLE_SOURCE);
    expect(screen.getByRole("region", { name: "Changes" })).toHaveTextContent("Changed on <date>: <old> → <new>");
    const versions = within(screen.getByRole("region", { name: "Versions" })).getAllByRole("listitem");
    expect(versions.map((li) => li.textContent?.slice(0, 18))).toEqual(["1.1 (Nov 27, 2026)", "1.0 (Nov 25, 2026)"]);
  });

  it("is linked from every page's footer", async () => {
    const { user, router } = renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    await user.click(
      within(screen.getByRole("navigation", { name: "Footer" })).getByRole("link", { name: "How we rate risk" }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "How we rate risk" })).toBeInTheDocument();
    expect(router.location.pathname).toBe("/methodology");
  });
});
