// The refresh's per-protocol guard and its last check before SQL (issue 30, item 3), without a
// database: an error no check foresaw holds that protocol alone, and a refused character that
// reached the payload is taken out with its protocol.
import { describe, expect, it } from "vitest";
import { planRefresh } from "../../supabase/functions/refresh-protocols/lib/plan.ts";
import { screenPayload } from "../../supabase/functions/refresh-protocols/lib/screen.ts";
import type { CurrentRow } from "../../supabase/functions/refresh-protocols/lib/types.ts";
import { isCleanText, showText } from "../../supabase/functions/refresh-protocols/lib/upstream-text.ts";

const DAY = "2026-09-05";
const row = (name: string, slug: string): CurrentRow => ({
  name,
  defillama_slug: slug,
  defillama_id: null,
  review_status: "reviewed",
  tvl: "$100M",
  tvl_usd: 100_000_000,
  tvl_as_of: "2026-09-04",
  tvl_source: "defillama",
  blockchains: ["Ethereum"],
  yield_range: "4.0%",
  yield_apy_min: 4,
  yield_apy_max: 4,
  yield_as_of: "2026-09-04",
  yield_source: "defillama",
  yield_source_url: `https://defillama.com/yields?project=${slug}`,
  yield_pools: null,
  defillama_dropped_on: null,
  defillama_listed_at: null,
  defillama_audits: null,
});
const entry = (name: string, slug: string, tvl = 101_000_000) => ({ name, slug, tvl, chains: ["Ethereum"] });
const pool = (id: string, project: string, apy: number) => ({ pool: id, project, tvlUsd: 5e6, apy });
const plan = (entries: unknown[] | null, pools: unknown[] | null) =>
  planRefresh({
    rows: [row("Alpha", "alpha"), row("Beta", "beta")],
    entries: entries as Record<string, unknown>[] | null,
    pools: pools as Record<string, unknown>[] | null,
    baselines: new Map(),
    day: DAY,
    accept: new Set(),
    threshold: 10_000_000,
  });

describe("refused characters", () => {
  it("are control, format and lone surrogate characters; astral characters are text", () => {
    for (const bad of ["a\u0000", "a\u001f", "a\u007f", "a\u200b", "a\u202e", "a\ufeff", "a\ud800", "\udc00b"])
      expect({ bad, clean: isCleanText(bad) }).toEqual({ bad, clean: false });
    for (const good of ["Ethereum", "Hyperliquid L1", "Société Générale", "币安", "a😀b"])
      expect(isCleanText(good)).toBe(true);
    expect(showText('Ether\u0000e\u202eum "x" \ud800')).toBe('"Ether\\u0000e\\u202eum \\"x\\" \\ud800"');
  });
});

describe("one protocol's error holds that protocol alone", () => {
  it("in its entry", () => {
    const throwing = {
      ...entry("Beta", "beta"),
      get chains(): string[] {
        throw new Error("a value no check foresaw");
      },
    };
    const result = plan([entry("Alpha", "alpha"), throwing], null);
    expect(result.held).toEqual([
      {
        slug: "beta",
        line: "held for review: beta: reading DefiLlama's entry failed (a value no check foresaw); nothing about it was written",
      },
    ]);
    expect(result.payload.tvl.map((t) => t.defillama_slug)).toEqual(["alpha"]);
    expect(result.changes.map((c) => c.slug)).toEqual(["alpha"]);
  });

  it("in its pools", () => {
    const throwing = {
      ...pool("p2", "beta", 4.5),
      get apy(): number {
        throw new Error("boom \u0000");
      },
    };
    const result = plan(null, [pool("p1", "alpha", 4.2), throwing]);
    expect(result.held).toEqual([
      {
        slug: "beta",
        line: "held for review: beta: reading DefiLlama's pools failed (boom \\u0000); nothing about it was written",
      },
    ]);
    expect(result.payload.yields.map((y) => y.defillama_slug)).toEqual(["alpha"]);
  });
});

describe("the last check before SQL", () => {
  it("takes a protocol whose writes hold a refused character out of the payload, all of them, and holds it", () => {
    const result = plan(
      [entry("Alpha", "alpha"), entry("Beta", "beta")],
      [pool("p1", "alpha", 4.2), pool("p2", "beta", 4.5)],
    );
    expect(result.payload.tvl.map((t) => t.defillama_slug)).toEqual(["alpha", "beta"]);
    // A value the reading steps would have refused, as a future field might let one through.
    result.payload.tvl[1]!.blockchains = ["Ether\u0000eum"];
    const held: { slug: string; line: string }[] = [];
    expect(screenPayload(result, (slug, line) => held.push({ slug, line }))).toEqual(["beta"]);
    expect(held).toEqual([
      {
        slug: "beta",
        line: 'held for review: beta: "Ether\\u0000eum" holds a control, format or surrogate character; nothing about it was written',
      },
    ]);
    expect(result.payload.tvl.map((t) => t.defillama_slug)).toEqual(["alpha"]);
    expect(result.payload.yields.map((y) => y.defillama_slug)).toEqual(["alpha"]);
    expect(result.changes.find((c) => c.slug === "beta")?.status).toBe("held");
    expect(screenPayload(result, () => {})).toEqual([]);
  });
});
