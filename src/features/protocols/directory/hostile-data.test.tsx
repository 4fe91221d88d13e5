// The whole app fed hostile rows through the real request path (MSW answering the REST call):
// script URLs in every disguise, markup in every text field, 10 KB descriptions, nulls and wrong
// types everywhere, and 10,000 rows. Nothing may crash, no markup may be injected, no unsafe
// link may be rendered.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type JsonBodyType } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../../tests/render";
import { syntheticRow } from "../../../../tests/fixtures/protocol-cases";
import { server } from "../../../../tests/msw/server";

const MARKUP = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:alert(1)">x</a>`;
const BIG = `${"Tokenized treasury exposure with <b>bold</b> claims. ".repeat(190)}END`; // ~10 KB

const UNSAFE_URLS = [
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "//evil.example/path",
  "/relative/path",
  "https:evil.example",
  "http://",
  "ftp://files.example.com",
  "https://ok.example/ with space",
  "",
  null,
  42,
  { href: "https://object.example" },
  ["https://array.example"],
];

/** No injected element, no inline handler, no link that is not http(s), mailto or same-origin. */
function expectNoInjection() {
  expect(document.querySelectorAll("img, script, iframe, object, embed, form[action]")).toHaveLength(0);
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.attributes)
      expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
  }
  for (const link of document.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href")!;
    const url = new URL(href, window.location.href);
    const fine =
      href.startsWith("#") || url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:";
    expect(fine, `unsafe href ${href}`).toBe(true);
    if (href.startsWith("#")) continue; // in-page (skip link)
    if (!href.startsWith("/") && !href.startsWith("mailto:")) expect(href).toMatch(/^https?:\/\/[^\s/]+/);
  }
  expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
}

function serve(rows: JsonBodyType) {
  server.use(http.get("*/rest/v1/protocols", () => HttpResponse.json(rows)));
}

describe("hostile protocol data, rendered through the real page", () => {
  it("never renders a link for a script, data, relative or malformed url, in cards or the comparison", async () => {
    const rows = UNSAFE_URLS.map((url, i) => syntheticRow(i, { url, name: `Unsafe ${i}` }));
    rows.push(syntheticRow(99, { name: "Safe One", url: "https://safe.example.com/path?q=1" }));
    serve(rows);
    const { user } = renderApp("/");
    await screen.findByText(`Showing ${rows.length} of ${rows.length} protocols`);
    await user.click(screen.getByRole("button", { name: /^Show All \d+ Protocols$/ }));
    expect(screen.getAllByRole("article")).toHaveLength(rows.length);

    const safe = screen.getByRole("article", { name: "Safe One" });
    expect(within(safe).getByRole("link", { name: /Visit Protocol/ })).toHaveAttribute(
      "href",
      "https://safe.example.com/path?q=1",
    );
    expect(within(safe).getByRole("link", { name: /Visit Protocol/ })).toHaveAttribute(
      "rel",
      expect.stringContaining("noopener"),
    );
    for (const i of UNSAFE_URLS.keys()) {
      // Only the links to its own page (same origin) remain: the name's, and the risk badge's to its Risk section.
      const links = within(screen.getByRole("article", { name: `Unsafe ${i}` })).getAllByRole("link");
      expect(links.map((link) => link.getAttribute("href"))).toEqual([
        `/protocols/unsafe-${i}`,
        `/protocols/unsafe-${i}#risk`,
      ]);
    }
    expectNoInjection();

    // The comparison table's 'Visit {name}' links follow the same rule.
    await user.click(screen.getByRole("checkbox", { name: "Select Unsafe 0 for comparison" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Safe One for comparison" }));
    await user.click(screen.getByRole("button", { name: "Compare in Dashboard" }));
    const dialog = await screen.findByRole("dialog", { name: "Protocol Comparison Dashboard" });
    expect(within(dialog).getByRole("link", { name: /Visit Safe One/ })).toHaveAttribute(
      "href",
      "https://safe.example.com/path?q=1",
    );
    expect(within(dialog).queryByRole("link", { name: /Visit Unsafe 0/ })).not.toBeInTheDocument();
    expectNoInjection();
  });

  it("shows markup in every text field as inert text, in the cards, selection bar and comparison", async () => {
    serve([
      syntheticRow(1, {
        name: MARKUP,
        description: MARKUP,
        asset_classes: [MARKUP, "US Treasuries"],
        blockchains: [MARKUP, "Ethereum", "Solana", "Base"],
        tvl: `<b>$9B</b>`,
        yield_range: `<i>10%</i>`,
        risk_level: `<script>High</script>`,
        min_investment: `"><svg onload=alert(1)>`,
        notes: MARKUP,
      }),
      syntheticRow(2),
    ]);
    const { user } = renderApp("/");
    await screen.findByText("Showing 2 of 2 protocols");

    const card = screen.getByRole("article", { name: MARKUP });
    expect(within(card).getByRole("heading")).toHaveTextContent(MARKUP, { normalizeWhitespace: false });
    expect(within(card).getByText("<b>$9B</b>")).toBeInTheDocument();
    expect(within(card).getByText(`"><svg onload=alert(1)>`)).toBeInTheDocument();
    expect(within(card).getByText("Not rated")).toBeInTheDocument(); // an unknown risk level is not trusted
    expect(within(card).getByRole("list", { name: "Blockchains" })).toHaveTextContent(/\+1/);
    expect(card.querySelector("svg[onload]")).toBeNull();
    expectNoInjection();

    await user.click(within(card).getByRole("checkbox"));
    const bar = screen.getByRole("region", { name: "Comparison selection" });
    expect(within(bar).getByRole("button", { name: `Remove ${MARKUP} from comparison` })).toBeInTheDocument();
    await user.click(within(bar).getByRole("button", { name: "Compare in Dashboard" }));
    const dialog = await screen.findByRole("dialog", { name: "Protocol Comparison Dashboard" });
    expect(within(dialog).getAllByText(MARKUP).length).toBeGreaterThanOrEqual(2); // name + description (+ tag)
    expectNoInjection();

    // Markup typed into the search box is a plain filter string, not markup.
    await user.keyboard("{Escape}");
    await user.type(screen.getByPlaceholderText("Search protocols..."), "<img src=x onerror");
    expect(await screen.findByText(/^Showing 1 of 2 protocols/)).toBeInTheDocument();
    expectNoInjection();
  });

  it("survives nulls, wrong types, 10 KB descriptions and huge lists, dropping only rows it cannot name", async () => {
    const weird: unknown[] = [
      syntheticRow(1, { description: BIG, name: "Long Story" }),
      syntheticRow(2, {
        name: "Wrong Types",
        description: 42,
        asset_classes: "US Treasuries",
        blockchains: [1, null, {}, "Ethereum", "Ethereum"],
        tvl: 1200,
        yield_range: null,
        risk_level: 3,
        min_investment: { amount: 1 },
        url: 7,
      }),
      syntheticRow(3, {
        name: "All Null",
        description: null,
        asset_classes: null,
        blockchains: null,
        tvl: null,
        yield_range: null,
        risk_level: null,
        min_investment: null,
        url: null,
        source_url: null,
        as_of: null,
        notes: null,
      }),
      syntheticRow(4, { name: "Many Chains", blockchains: Array.from({ length: 1_000 }, (_, i) => `Chain ${i}`) }),
      syntheticRow(5, { name: "Duplicate Id" }),
      syntheticRow(5, { name: "Duplicate Id Again" }),
      syntheticRow(6, { name: 12345 }),
      syntheticRow(7, { id: null }),
      { ...syntheticRow(8), __proto__: { polluted: true } },
      { name: "No Id" },
      null,
      "a string",
      12,
      [],
    ];
    serve(weird);
    renderApp("/");
    // Kept: Long Story, Wrong Types, All Null, Many Chains, Duplicate Id, Protocol 00008.
    await screen.findByText("Showing 6 of 6 protocols");
    expect(screen.queryByRole("article", { name: "Duplicate Id Again" })).not.toBeInTheDocument();

    const long = screen.getByRole("article", { name: "Long Story" });
    expect(within(long).getByText(/END$/)).toBeInTheDocument();
    const wrong = screen.getByRole("article", { name: "Wrong Types" });
    expect(within(wrong).getByText("TVL").nextElementSibling).toHaveTextContent("1200");
    expect(within(wrong).getByText("Yield").nextElementSibling).toHaveTextContent("—");
    expect(within(wrong).getByRole("list", { name: "Blockchains" })).toHaveTextContent(/^Ethereum$/);
    expect(within(wrong).queryByRole("link", { name: /Visit Protocol/ })).not.toBeInTheDocument();
    const empty = screen.getByRole("article", { name: "All Null" });
    expect(within(empty).getByText("No description on record.")).toBeInTheDocument();
    const many = screen.getByRole("article", { name: "Many Chains" });
    expect(within(many).getByText("+997")).toBeInTheDocument();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expectNoInjection();
  });

  it("handles a non-array, an object or a string where the rows should be", async () => {
    for (const body of [{ rows: [syntheticRow(1)] }, "oops", 7]) {
      serve(body);
      const view = renderApp("/");
      expect(await screen.findByText("Showing 0 of 0 protocols")).toBeInTheDocument();
      view.unmount();
    }
  });

  it("renders 10,000 rows, filters them and expands the second grid without mounting them all", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      syntheticRow(
        i,
        i % 500 === 0 ? { name: `Protocol ${String(i).padStart(5, "0")} ${MARKUP}`, url: "javascript:alert(1)" } : {},
      ),
    );
    serve(rows);
    const { user } = renderApp("/");
    await screen.findByText("Showing 10000 of 10000 protocols", {}, { timeout: 10_000 });
    expect(screen.getAllByRole("article").length).toBeLessThanOrEqual(15); // 9 + 3 shown + 3 faded
    expectNoInjection();

    await user.click(screen.getByRole("button", { name: "Show All 10000 Protocols" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Show Less" })).toBeInTheDocument());
    expect(document.querySelectorAll("article").length).toBeLessThan(200);

    await user.type(screen.getByPlaceholderText("Search protocols..."), "onerror");
    expect(await screen.findByText("Showing 20 of 10000 protocols")).toBeInTheDocument();
    expectNoInjection();
  }, 30_000);
});
