// What an analyst takes away, on desktop and phone, against the real seed: the filtered, sorted
// list as CSV, and the comparison with its best values, sources, link and CSV. Expectations come
// from the seed with rules re-stated here, not from the app's own code.
import { readFile } from "node:fs/promises";
import { parseNoteLines } from "../src/lib/note-lines.ts";
import { expect, test } from "./support/fixtures.ts";
import { byName, byTvl, slug, tvlMillions } from "./support/analyst.ts";
import { compareButton, comparisonDialog, expectShowing, selectionBar, toast } from "./support/home.ts";
import { applyFilters, fetchSeed, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

test("Download CSV saves the filtered, sorted list: UTF-8 with BOM, header, RFC 4180", async ({ page }) => {
  await page.goto("/?chain=Ethereum&sort=tvl");
  const rows = byTvl(applyFilters(seed, { blockchain: "Ethereum" }));
  await expectShowing(page, rows.length, seed.length);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rwa-atlas-protocols-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe(
    [
      ...[
        "Name",
        "Description",
        "Asset Classes",
        "Blockchains",
        "TVL",
        "Yield Range",
        "Risk Level",
        "Min Investment",
        "Website",
        "Source",
        "As Of",
        "Notes",
      ],
      ...["TVL (USD)", "TVL As Of", "TVL Source", "TVL Source URL"],
      ...["Investor Access", "KYC", "Redemption", "Fees", "Terms Source", "Terms As Of"],
    ]
      .map((name) => `"${name}"`)
      .join(","),
  );
  expect(lines.at(-1)).toBe("");
  // Records, not lines: only quoted fields may hold a line break, and none in this data does.
  const records = lines.slice(1, -1);
  expect(records).toHaveLength(rows.length);
  const firstField = (record: string) =>
    record.startsWith('"') ? record.slice(1, record.indexOf('"', 1)) : record.split(",")[0];
  expect(records.map(firstField)).toEqual(rows.map((row) => row.name));
  expect(records[0]).toContain(rows[0]!.tvl);
  // The TVL as plain dollars with its own day (the seed's figure, not the display text).
  if (rows[0]!.tvl_usd !== null) expect(records[0]).toContain(`,"${rows[0]!.tvl_usd}","${rows[0]!.tvl_as_of}",`);
});

test("the comparison: best values marked in text and colour, Source row, Copy link, CSV", async ({
  page,
  context,
  baseURL,
  isMobile,
}) => {
  // The table is the desktop's layout; e2e/terms.spec.ts covers the phone's metric blocks (Best, Source, terms).
  test.skip(isMobile, "desktop table");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  // The three largest by TVL among the first cards, so the best TVL is unambiguous.
  const picked = byTvl(seed).slice(0, 3).sort(byName);
  const best = byTvl(picked)[0]!;
  await page.goto(`/?compare=${picked.map((row) => slug(row.name)).join(",")}`);
  await expect(selectionBar(page)).toContainText("3/3");
  await compareButton(page).click();
  const dialog = comparisonDialog(page);
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole("table");
  const rowOf = (label: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });

  // Best TVL: a visible 'Best' tag (generated text), a tinted cell, and a description.
  const index = picked.indexOf(best);
  const cell = rowOf("Total Value Locked").getByRole("cell").nth(index);
  await expect(cell).toHaveAttribute("data-best", "true");
  await expect(cell).toHaveAccessibleDescription("Best: highest TVL among compared");
  await expect(cell).toHaveText(best.tvl);
  const look = await cell.evaluate((element) => ({
    tag: getComputedStyle(element.firstElementChild!, "::after").content,
    background: getComputedStyle(element).backgroundColor,
  }));
  expect(look.tag).toBe('"Best"');
  expect(look.background).not.toBe("rgba(0, 0, 0, 0)");
  for (const other of picked.keys()) {
    if (other !== index && tvlMillions(picked[other]!.tvl) !== tvlMillions(best.tvl)) {
      await expect(rowOf("Total Value Locked").getByRole("cell").nth(other)).not.toHaveAttribute("data-best");
    }
  }

  // Provenance: '{date} • Source' linking out safely, and the notes.
  for (const [i, row] of picked.entries()) {
    const source = rowOf("Source").getByRole("cell").nth(i);
    if (row.source_url) {
      const link = source.getByRole("link", { name: `Source for ${row.name} (opens in a new tab)`, exact: true });
      await expect(link).toHaveAttribute("href", row.source_url);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    if (row.as_of) {
      const day = new Date(`${row.as_of}T00:00:00Z`).toLocaleDateString("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      });
      await expect(source).toContainText(day);
    }
    // The notes as labelled lines, each link shown by its name (src/lib/note-lines.ts).
    for (const line of parseNoteLines(row.notes ?? ""))
      await expect(source).toContainText(line.parts.map((part) => part.text).join(""));
    if (!row.source_url && !row.as_of && !row.notes) await expect(source).toHaveText("Not recorded");
  }

  // Copy link: the clipboard holds a URL that reproduces this comparison.
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "Link copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  expect(new URL(copied).searchParams.get("compare")).toBe(picked.map((row) => slug(row.name)).join(","));

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rwa-atlas-comparison-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines).toHaveLength(picked.length + 2);
});
