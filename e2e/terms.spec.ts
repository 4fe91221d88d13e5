import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE, PHONE_ONLY, test } from "./support/fixtures.ts";
import {
  cardToggle,
  comparisonDialog,
  compareButton,
  expectShowing,
  expectSelected,
  gotoHome,
  searchBox,
  showFilters,
} from "./support/home.ts";
import { fetchSeed, type ProtocolRow } from "./support/seed.ts";
import { COMPARISON_ROWS, TERM_COMPARISON_ROWS } from "../tests/fixtures/comparison-rows.ts";

// Term sheets: the investor-type filter, the terms in the comparison, the phone comparison
// without sideways scrolling, and the open-data files the build writes.

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

/** The seed rows each investor type may buy (the filter's rule, restated here from docs/data.md, "Term sheets"). */
const OPEN_TO: Record<string, string[]> = {
  "US retail": ["retail"],
  "Non-US retail": ["retail", "retail-non-us"],
  "US accredited": ["retail", "retail-non-us", "accredited"],
  Institution: ["retail", "retail-non-us", "accredited", "qualified-purchaser", "institutional"],
};
/**
 * The access the filter tests (model/product-summary.ts): a protocol with products is as open as
 * its most open product; one without keeps its row's own term.
 */
function accessOf(row: ProtocolRow): string {
  const { product_count: count = 0, product_investor_access: access = null } = row as ProtocolRow & {
    product_count?: number;
    product_investor_access?: string | null;
  };
  return count > 0 ? (access ?? "unknown") : row.investor_access;
}
const openTo = (label: string) => seed.filter((row) => OPEN_TO[label]!.includes(accessOf(row)));

function investorSelect(page: Page) {
  return page.getByRole("combobox", { name: "Investor type", includeHidden: true });
}

/** Finds each protocol by search, ticks it for comparison and opens the comparison dialog. */
async function compareThese(page: Page, names: readonly string[]) {
  for (const name of names) {
    await searchBox(page).fill(name);
    await cardToggle(page, name).click();
    await expectSelected(page, name, true);
  }
  await compareButton(page).click();
  const dialog = comparisonDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseInvestor(page: Page, option: string): Promise<void> {
  await showFilters(page);
  await investorSelect(page).click();
  const listbox = page.getByRole("listbox");
  await listbox.getByRole("option", { name: option, exact: true }).click();
  await expect(listbox).toBeHidden();
  await expect(investorSelect(page)).toHaveText(option);
}

test("the investor filter narrows the list, lives in the URL, survives a reload and steps back", async ({ page }) => {
  // The seed must exercise the filter: some rows open to US accredited investors, some not, some unknown.
  expect(openTo("US accredited").length).toBeGreaterThan(0);
  expect(openTo("US accredited").length).toBeLessThan(openTo("Institution").length);
  expect(seed.some((row) => accessOf(row) === "unknown")).toBe(true);

  await gotoHome(page, seed.length);
  await expect(investorSelect(page)).toHaveText("Any investor type");

  await chooseInvestor(page, "US accredited");
  await expect(page).toHaveURL(/[?&]investor=us-accredited(&|$)/);
  await expectShowing(page, openTo("US accredited").length, seed.length);

  // A copied link reproduces the view.
  await page.reload();
  await expect(investorSelect(page)).toHaveText("US accredited");
  await expectShowing(page, openTo("US accredited").length, seed.length);

  await chooseInvestor(page, "Institution");
  await expect(page).toHaveURL(/[?&]investor=institution(&|$)/);
  await expectShowing(page, openTo("Institution").length, seed.length);

  // Back steps through the choices, like the other filters.
  await page.goBack();
  await expect(investorSelect(page)).toHaveText("US accredited");
  await expect(page).toHaveURL(/[?&]investor=us-accredited(&|$)/);

  // 'Reset filters' counts it and clears it.
  await page.getByRole("button", { name: "Reset filters" }).click();
  await expect(investorSelect(page)).toHaveText("Any investor type");
  await expect(page).not.toHaveURL(/investor=/);
  await expectShowing(page, seed.length, seed.length);
});

test("a shared link with investor= and another filter ANDs them; an unknown value is ignored", async ({ page }) => {
  const expected = openTo("Non-US retail").filter((row) => row.asset_classes.includes("US Treasuries"));
  await page.goto("/?investor=non-us-retail&asset=US+Treasuries");
  await expectShowing(page, expected.length, seed.length);
  await expect(investorSelect(page)).toHaveText("Non-US retail");

  await page.goto("/?investor=everyone");
  await expectShowing(page, seed.length, seed.length);
  await expect(investorSelect(page)).toHaveText("Any investor type");
});

test("the comparison shows the terms; 'Unknown' is spelled out", PHONE, async ({ page, isMobile }) => {
  const sourced = seed.find((row) => row.kyc === "yes" && row.investor_access !== "unknown")!;
  const unknown = seed.find((row) => row.investor_access === "unknown" && row.kyc === "unknown")!;
  await gotoHome(page, seed.length);
  const dialog = await compareThese(page, [sourced.name, unknown.name]);
  for (const label of TERM_COMPARISON_ROWS) {
    if (isMobile) await expect(dialog.getByRole("heading", { name: label, exact: true })).toBeVisible();
    else await expect(dialog.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  }
  const kyc = isMobile
    ? // One line per protocol; a protocol with products lists each product's own term inside it.
      dialog.getByRole("region", { name: "KYC", exact: true }).getByRole("list").first().locator(":scope > li")
    : dialog.getByRole("row", { name: /^KYC/ }).getByRole("cell");
  await expect(kyc).toHaveText([new RegExp("Yes$"), new RegExp("Unknown$")]);
  await expect(
    dialog.getByRole("link", { name: `Terms source for ${sourced.name} (opens in a new tab)` }),
  ).toHaveAttribute("href", sourced.terms_source_url!);
});

test(
  "on a phone, three compared protocols fit the width: no sideways scroll, names visible, axe clean",
  PHONE_ONLY,
  async ({ page, isMobile }) => {
    test.skip(!isMobile, "the stacked layout is the phone's (below 640px); the desktop keeps the table");
    const three = seed.slice(0, 3).map((row) => row.name);
    await gotoHome(page, seed.length);
    const dialog = await compareThese(page, three);
    await expect(dialog.getByRole("table")).toHaveCount(0);

    const compared = dialog.getByRole("list", { name: "Compared protocols" });
    await expect(compared.getByRole("listitem")).toHaveCount(3);
    const viewport = page.viewportSize()!;
    for (const name of three) {
      const label = compared.getByText(name, { exact: true });
      await expect(label).toBeVisible();
      const box = (await label.boundingBox())!;
      expect(box.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(viewport.width);
    }

    // Nothing in the dialog scrolls sideways: the dialog itself and every element inside it
    // (screen-reader-only text is a clipped 1px box by design, not a scroller).
    const overflowing = await dialog.evaluate((root) =>
      [root, ...root.querySelectorAll("*")]
        .filter(
          (element) =>
            element.clientWidth > 1 &&
            element.scrollWidth > element.clientWidth + 1 &&
            getComputedStyle(element).overflowX !== "visible",
        )
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(overflowing).toEqual([]);
    const dialogBox = await dialog.evaluate((root) => ({ scroll: root.scrollWidth, client: root.clientWidth }));
    expect(dialogBox.scroll).toBeLessThanOrEqual(dialogBox.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Every metric block names each protocol with its value, and the Source row stays.
    for (const label of ["Total Value Locked", "Investor access", "Source"]) {
      const lines = dialog.getByRole("region", { name: label, exact: true }).getByRole("list").first();
      await expect(lines.locator(":scope > li")).toHaveCount(3);
    }
    await expectNoAxeViolations(page, "the phone comparison with three protocols");
  },
);

test("the desktop comparison keeps its table with the term rows before Source", async ({ page, isMobile }) => {
  test.skip(isMobile, "desktop layout");
  const two = seed.slice(0, 2).map((row) => row.name);
  await gotoHome(page, seed.length);
  const table = (await compareThese(page, two)).getByRole("table");
  await expect(table.getByRole("rowheader")).toHaveText([...COMPARISON_ROWS]);
  await expectNoAxeViolations(page, "the desktop comparison with the term rows");
});

test("the build serves the open data: JSON and CSV with their types, every row, the terms and the licence", async ({
  page,
  request,
}) => {
  await gotoHome(page, seed.length);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "CSV", exact: true })).toHaveAttribute("href", "/data/protocols.csv");
  await expect(footer.getByRole("link", { name: "JSON" })).toHaveAttribute("href", "/data/protocols.json");

  const json = await request.get("/data/protocols.json");
  expect(json.status()).toBe(200);
  expect(json.headers()["content-type"]).toMatch(/^application\/json/);
  expect(json.headers()["access-control-allow-origin"]).toBe("*");
  const data = (await json.json()) as {
    schema_version: number;
    generated_at: string;
    license: string;
    count: number;
    protocols: Record<string, unknown>[];
  };
  expect(data.schema_version).toBe(1);
  expect(Number.isNaN(Date.parse(data.generated_at))).toBe(false);
  expect(data.license).toBe("CC BY 4.0");
  expect(data.count).toBe(seed.length);
  expect(data.protocols.map((row) => row.name).sort()).toEqual(seed.map((row) => row.name).sort());
  for (const row of data.protocols) {
    for (const field of [
      ...["source_url", "as_of", "tvl_usd", "tvl_as_of", "tvl_source", "tvl_source_url"],
      ...["investor_access", "kyc", "redemption", "fees", "terms_source_url", "terms_as_of"],
      "min_investment_source_url",
    ]) {
      expect(row, `${String(row.name)} has ${field}`).toHaveProperty(field);
    }
  }
  // The live TVL as a number with its own day and source, as the seed has it.
  const live = seed.find((row) => row.tvl_source === "defillama")!;
  expect(data.protocols.find((row) => row.name === live.name)).toMatchObject({
    tvl_usd: Number(live.tvl_usd),
    tvl_as_of: live.tvl_as_of,
    tvl_source: "defillama",
    tvl_source_url: live.tvl_source_url,
  });

  const csv = await request.get("/data/protocols.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const text = await csv.text();
  const [header] = text.split(/\r?\n/);
  // Every field quoted, as the in-app export writes it (the same CSV rules as lib/csv.ts).
  expect(header).toBe(
    [
      ..."name,description,asset_classes,blockchains,tvl,yield_range,risk_level,min_investment,url,source_url,as_of,notes".split(
        ",",
      ),
      ..."defillama_slug,tvl_usd,tvl_as_of,tvl_source_url,tvl_source".split(","),
      ..."investor_access,kyc,redemption,redemption_days,fees,terms_source_url,terms_as_of".split(","),
      ..."defillama_id,yield_apy_min,yield_apy_max,yield_as_of,yield_source,yield_source_url,yield_pools".split(","),
      ..."review_status,defillama_dropped_on,defillama_listed_at,defillama_audits".split(","),
      ..."min_investment_source_url,yield_document_date,yield_source_kind".split(","),
      ..."generated_at,schema_version,license".split(","),
    ]
      .map((column) => `"${column}"`)
      .join(","),
  );
  expect(text).toContain("CC BY 4.0");

  // The page itself never fetches them: they are not on the boot path.
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.reload();
  await expect(page.getByText("Loading protocols...")).toBeHidden();
  expect(fetched.filter((path) => path.startsWith("/data/"))).toEqual([]);
});
