// /changes' prerendered frame (the build's change log, replayed from the committed history) and the
// Atom feed every page announces: index.html's site-wide link, and a protocol page's own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalApi } from "../../local-api/server.ts";
import { startSnapshotApi } from "./snapshot.ts";
import { committedChangeRows, committedRows } from "../../build/committed-rows.ts";
import { retargetHead, type PrerenderModule } from "../../build/prerender.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Loaded by path: this tsconfig (Node side) has no JSX; Vitest compiles the entry as Vite would.
const ENTRY = path.join(ROOT, "src", "entry-prerender.tsx");
const { renderChangesPage, renderProtocolPages } = (await import(/* @vite-ignore */ ENTRY)) as PrerenderModule;

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("renderChangesPage", () => {
  const rows = committedRows();
  const changes = committedChangeRows(rows);
  const page = renderChangesPage(rows, changes, "https://example.org");
  const text = textOf(page.markup);

  it("renders the change log the committed history holds, newest first, with its filters and feed", () => {
    expect(changes.length).toBeGreaterThan(10);
    expect(page.path).toBe("/changes");
    expect(page.title).toBe("What changed | RWA Atlas");
    expect(page.markup).toMatch(/<h1[^>]*>What changed<\/h1>/);
    expect(text).toContain(`Showing ${changes.length} of ${changes.length} changes`);
    expect(text).toContain("Frax USD rated Medium risk");
    expect(text).toContain("Atom feed of every change");
    expect(page.markup).toContain('href="http://127.0.0.1:54321/functions/v1/feed"');
    // The filters' stand-ins, labelled, showing 'all'.
    expect(text).toMatch(/Kind All kinds/);
    expect(text).toMatch(/Asset class All asset classes/);
    expect(page.markup).not.toMatch(/<script\b/);
    expect(JSON.parse(page.jsonLd)).toMatchObject({ "@type": "CollectionPage", url: "https://example.org/changes" });
  });

  it("lists the newest changes first, a page of them, with the button for the older ones", () => {
    const days = [...page.markup.matchAll(/<time dateTime="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]);
    // The page's size as the page says it (change-list.tsx): the committed log is longer.
    const listed = /The newest (\d+) of (\d+) are listed\./.exec(text);
    expect(listed?.[2]).toBe(String(changes.length));
    const pageSize = Number(listed![1]);
    expect(pageSize).toBeLessThan(changes.length);
    expect(days).toHaveLength(pageSize);
    expect(days).toEqual([...days].sort().reverse());
    expect(days[0]).toBe(
      changes
        .map((c) => String(c.day))
        .sort()
        .at(-1),
    );
    expect(text).toContain(`Show ${Math.min(pageSize, changes.length - pageSize)} older changes`);
  });
});

describe("the feed link in every page's head", () => {
  const template = readFileSync(path.join(ROOT, "index.html"), "utf8");

  it("is in index.html, so every page (and every prerendered file) announces the site's feed", () => {
    expect(template).toContain(
      '<link rel="alternate" type="application/atom+xml" title="RWA Atlas: what changed" href="%VITE_FEED_URL%" />',
    );
  });

  it("a protocol page announces its own feed after the site's", () => {
    const [page] = renderProtocolPages(committedRows().slice(0, 1), "https://example.org");
    const html = retargetHead(template.replaceAll("%VITE_FEED_URL%", "https://api.example.org/functions/v1/feed"), {
      url: "https://example.org/protocols/x",
      ...page!,
    });
    const links = [
      ...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]+)" href="([^"]+)"/g),
    ];
    expect(links.map((m) => [m[1], m[2]])).toEqual([
      ["RWA Atlas: what changed", "https://api.example.org/functions/v1/feed"],
      ["3F on RWA Atlas: what changed", "http://127.0.0.1:54321/functions/v1/feed?protocol=3f"],
    ]);
  });
});

describe("the seed's change log", () => {
  let api: LocalApi;
  beforeAll(async () => {
    api = await startSnapshotApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("reads, newest first as the pages ask (day, then id), in the prerendered frame's order", async () => {
    const served = await api.db.query<{ name: string; day: string; kind: string; field: string | null }>(
      `select p.name, c.day::text as day, c.kind, c.field from public.protocol_changes c
       join public.protocols p on p.id = c.protocol_id order by c.day desc, c.id desc`,
    );
    const frame = committedChangeRows(committedRows()).map((c) => ({
      name: c.protocol_id,
      day: c.day,
      kind: c.kind,
      field: c.field,
    }));
    expect(served.rows).toEqual(frame);
  });
});
