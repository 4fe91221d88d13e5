import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { protocolRows } from "../../tests/fixtures/protocols";
import { chooseOption, openSelect, renderApp, type RouterHandle } from "../../tests/render";
import { site } from "@/config/site";

/** A record's first field: every field is quoted, quotes inside doubled. */
const firstField = (record: string) => /^"((?:[^"]|"")*)"/.exec(record)![1]!.replace(/""/g, '"');

// Whole-page journeys on a 2-core machine: several renders of the full home page each.
vi.setConfig({ testTimeout: 20_000 });

const TOTAL = protocolRows.length;

let router: RouterHandle;
async function renderHome(path = "/") {
  const view = renderApp(path);
  router = view.router;
  await screen.findByText(/^Showing \d+ of \d+ protocols/);
  return view;
}

const query = () => new URLSearchParams(router.location.search);
const cardNames = () => screen.queryAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
const sortSelect = () => screen.getByRole("combobox", { name: "Sort by" });
const back = () => router.go(-1);
const forward = () => router.go(1);

async function compare(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const name of names) await user.click(screen.getByRole("checkbox", { name: `Select ${name} for comparison` }));
  await user.click(screen.getByRole("button", { name: "Compare in Dashboard" }));
  return screen.findByRole("dialog", { name: "Protocol Comparison Dashboard" });
}

/** Captures what the page hands to the browser as a download, instead of navigating. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    pending = blob;
    return "blob:test";
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: pending! });
  });
  return files;
}

describe("home: the view in the URL", () => {
  it("reproduces a shared link: search, filters, sort and the compared protocols", async () => {
    await renderHome("/?q=a&asset=us%20treasuries&risk=Low&sort=tvl&compare=circle-usyc,blackrock-buidl-securitize");
    expect(screen.getByRole("searchbox", { name: "Search by name" })).toHaveValue("a");
    expect(screen.getByRole("combobox", { name: /asset class/i })).toHaveTextContent("US Treasuries");
    expect(screen.getByRole("combobox", { name: /risk level/i })).toHaveTextContent("Low");
    expect(sortSelect()).toHaveTextContent("TVL (high to low)");
    // Low-risk treasuries with an 'a' in the name, by TVL high to low.
    expect(cardNames()).toEqual([
      "BlackRock BUIDL (Securitize)",
      "Ondo Finance (OUSG + USDY)",
      "Franklin Templeton BENJI (FOBXX)",
      "Superstate USTB",
    ]);
    const bar = screen.getByRole("region", { name: "Comparison selection" });
    expect(bar).toHaveTextContent("2/3");
    expect(
      within(bar)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
      // Each pick reads with the colour key the comparison gives it.
    ).toEqual(["Key C: Circle USYC", "Key B: BlackRock BUIDL (Securitize)"]);
    expect(screen.getByText(`Showing 4 of ${TOTAL} protocols • 2 selected`)).toBeInTheDocument();
  });

  it("ignores unknown values and slugs silently", async () => {
    await renderHome(
      "/?asset=Bitcoin&risk=Extreme&chain=Mars&sort=hype&compare=no-such-protocol,,lofty&utm_source=mail",
    );
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL} protocols • 1 selected`)).toBeInTheDocument();
    expect(sortSelect()).toHaveTextContent("Name (A-Z)");
    expect(screen.getByRole("combobox", { name: /asset class/i })).toHaveTextContent("All asset classes");
  });

  it("keeps the canonical URL bare, pushes discrete changes and steps back and forward through them", async () => {
    const { user } = await renderHome();
    expect(router.location.search).toBe("");

    await chooseOption(user, screen.getByRole("combobox", { name: /risk level/i }), "Low");
    expect(query().get("risk")).toBe("Low");
    await chooseOption(user, sortSelect(), "Yield (high to low)");
    expect(router.location.search).toBe("?risk=Low&sort=yield");
    await user.click(screen.getByRole("checkbox", { name: "Select Circle USYC for comparison" }));
    expect(query().get("compare")).toBe("circle-usyc");

    // Each step renders as a transition (the data router's updates): wait for what the page shows.
    await back();
    await waitFor(() =>
      expect(screen.getByRole("checkbox", { name: "Select Circle USYC for comparison" })).not.toBeChecked(),
    );
    expect(screen.queryByRole("region", { name: "Comparison selection" })).not.toBeInTheDocument();
    await back();
    await waitFor(() => expect(sortSelect()).toHaveTextContent("Name (A-Z)"));
    await back();
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: /risk level/i })).toHaveTextContent("All risk levels"),
    );
    expect(router.location.search).toBe("");
    await forward();
    await forward();
    expect(router.location.search).toBe("?risk=Low&sort=yield");
    await waitFor(() => expect(sortSelect()).toHaveTextContent("Yield (high to low)"));
    // Highest yield first (upper bounds 4.3% > 4.2% > 4.1%).
    expect(cardNames().slice(0, 2)).toEqual(["Ondo Finance (OUSG + USDY)", "BlackRock BUIDL (Securitize)"]);
  });

  it("writes a search to the URL once typing pauses, as one history entry, and restores it on back/forward", async () => {
    const { user } = await renderHome();
    const search = screen.getByRole("searchbox", { name: "Search by name" });
    await user.type(search, "gold");
    await screen.findByText(`Showing 3 of ${TOTAL} protocols`);
    await waitFor(() => expect(query().get("q")).toBe("gold"));
    await back();
    expect(router.location.search).toBe("");
    await waitFor(() => expect(search).toHaveValue(""));
    expect(await screen.findByText(`Showing ${TOTAL} of ${TOTAL} protocols`)).toBeInTheDocument();
    await forward();
    await waitFor(() => expect(search).toHaveValue("gold"));
  });
});

describe("home: sorting", () => {
  it("offers the five orders, sorts by each, and puts values that do not parse last", async () => {
    const { user } = await renderHome();
    await openSelect(user, sortSelect());
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Name (A-Z)",
      "TVL (high to low)",
      "Yield (high to low)",
      "Minimum investment (low to high)",
      "Risk (low to high)",
    ]);
    await user.click(screen.getByRole("option", { name: "Minimum investment (low to high)" }));
    const names = cardNames();
    // 'None...' minimums first (no minimum), alphabetically; then $20, $50, ...
    expect(names.slice(0, 6)).toEqual([
      "Backed Finance (bTokens)",
      "KlimaDAO",
      "Maple Finance (Syrup)",
      "Paxos Gold (PAXG)",
      "Tether Gold (XAUt)",
      "xStocks (Backed)",
    ]);
    await user.click(screen.getByRole("button", { name: `Show All ${TOTAL} Protocols` }));
    // 'Varies by pool' and 'KYC (UID) required' state no amount: last.
    expect(cardNames().slice(-2)).toEqual(["Centrifuge", "Goldfinch (Prime)"]);

    await chooseOption(user, sortSelect(), "Risk (low to high)");
    expect(cardNames().slice(-3)).toEqual(["Goldfinch (Prime)", "KlimaDAO", "RealT"]);
  });
});

describe("home: exports, empty results and live count", () => {
  it("downloads the filtered, sorted list as a UTF-8 CSV with a header row", async () => {
    const files = captureDownloads();
    const { user } = await renderHome("/?q=gold&sort=tvl");
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toMatch(/^rwa-atlas-protocols-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for Excel
    const lines = (await files[0]!.blob.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Name","Description","Asset Classes","Blockchains","TVL","Yield Range","Risk Level","Min Investment","Website","Source","As Of","Notes",' +
        '"TVL (USD)","TVL As Of","TVL Source","TVL Source URL",' +
        '"Investor Access","KYC","Redemption","Fees","Terms Source","Terms As Of"',
    );
    expect(lines.slice(1, -1).map(firstField)).toEqual([
      "Tether Gold (XAUt)",
      "Paxos Gold (PAXG)",
      "Goldfinch (Prime)",
    ]);
  });

  it("shows a clear empty state whose 'Clear filters' resets search and filters but keeps the sort", async () => {
    const { user } = await renderHome("/?risk=Low&sort=risk");
    await user.type(screen.getByRole("searchbox", { name: "Search by name" }), "zzz");
    const status = await screen.findByText(`Showing 0 of ${TOTAL} protocols`);
    expect(status).toHaveAttribute("role", "status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(screen.getByText("No protocols match your filters.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download CSV" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await screen.findByText(`Showing ${TOTAL} of ${TOTAL} protocols`);
    expect(screen.getByRole("searchbox", { name: "Search by name" })).toHaveValue("");
    expect(router.location.search).toBe("?sort=risk");
  });
});

describe("home: the comparison dialog for analysts", () => {
  it("marks the best value per row with text and a description, ties included", async () => {
    const { user } = await renderHome();
    const dialog = await compare(user, ["BlackRock BUIDL (Securitize)", "Maple Finance (Syrup)", "Lofty"]);
    const table = within(dialog).getByRole("table");
    const best = (label: string) =>
      within(within(table).getByRole("rowheader", { name: label }).closest("tr")!)
        .getAllByRole("cell")
        .map((cell) => cell.hasAttribute("data-best"));
    expect(best("Total Value Locked")).toEqual([false, true, false]);
    expect(best("Yield Range")).toEqual([false, false, true]);
    expect(best("Min Investment")).toEqual([false, true, false]);
    expect(best("Risk Level")).toEqual([true, false, false]);
    expect(best("Asset Classes")).toEqual([false, false, false]);
    const maple = within(
      within(table).getByRole("rowheader", { name: "Total Value Locked" }).closest("tr")!,
    ).getAllByRole("cell")[1]!;
    expect(maple).toHaveAccessibleDescription("Best: highest TVL among compared");
    // The figure itself is unchanged: the 'Best' tag is generated text beside it.
    expect(maple).toHaveTextContent(/^\$4\.0B$/);
    expect(
      within(dialog).getByText(/marks the highest TVL and yield and the lowest minimum and risk/),
    ).toBeInTheDocument();
  });

  it("marks nothing when a single protocol is compared", async () => {
    const { user } = await renderHome();
    const dialog = await compare(user, ["Lofty"]);
    expect(dialog.querySelectorAll("[data-best]")).toHaveLength(0);
  });

  it("shows the source with its date, the notes, and 'Not recorded' where there is none", async () => {
    const { user } = await renderHome();
    const dialog = await compare(user, [
      "Apollo ACRED (Securitize)",
      "Backed Finance (bTokens)",
      "BlackRock BUIDL (Securitize)",
    ]);
    const cells = within(within(dialog).getByRole("rowheader", { name: "Source" }).closest("tr")!).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent(/^Oct 31, 2025•No source link/);
    expect(cells[0]).toHaveTextContent("TVL is an estimate; the master fund is about $1.3B.");
    // No figure provenance; the terms carry their own source and date below it.
    expect(cells[1]).toHaveTextContent(/^Not recordedTerms read Nov 1, 2025•Terms source$/);
    expect(cells[2]).toHaveTextContent(/^Oct 31, 2025•Source/);
    const link = within(cells[2]!).getByRole("link", {
      name: "Source for BlackRock BUIDL (Securitize) (opens in a new tab)",
    });
    expect(link).toHaveAttribute("href", "https://securitize.io");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // Cards carry the date discreetly; the footer's line is unchanged.
    expect(
      within(screen.getByRole("article", { name: "Apollo ACRED (Securitize)", hidden: true })).getByText(/As of/),
    ).toHaveTextContent("As of Oct 31, 2025");
    // Rows without TVL dates (an older backend): the configured month stands.
    expect(screen.getByText(`Data as of ${site.dataAsOf} • Updated monthly`, { exact: false })).toBeInTheDocument();
  });

  it("copies a link that reproduces the comparison, and says so; says so too when copying fails", async () => {
    const { user } = await renderHome("/?sort=tvl");
    const dialog = await compare(user, ["Maple Finance (Syrup)", "Centrifuge"]);
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/?sort=tvl&compare=maple-finance-syrup,centrifuge`,
    );
    expect(await screen.findByText("Link copied")).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(
      await screen.findByText("Couldn't copy the link. Copy it from the address bar instead."),
    ).toBeInTheDocument();
  });

  it("downloads the comparison as CSV", async () => {
    const files = captureDownloads();
    const { user } = await renderHome();
    const dialog = await compare(user, ["Lofty", "Centrifuge"]);
    await user.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toMatch(/^rwa-atlas-comparison-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await files[0]!.blob.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(1, -1).map(firstField)).toEqual(["Lofty", "Centrifuge"]);
  });
});
