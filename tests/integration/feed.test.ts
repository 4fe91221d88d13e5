// The feed Edge Function through the local API (`npm run dev` serves it the same way): the very
// handler.ts Supabase runs, reading the seeded database as the anon role. Each answer is parsed
// with a real XML parser and checked against RFC 4287 (tests/integration/atom.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalApi } from "../../local-api/server.ts";
import { parseAtom } from "./atom.ts";
import { startSnapshotApi } from "./snapshot.ts";

let api: LocalApi;
const feed = (query = "", init: RequestInit = {}) => fetch(`${api.url}/functions/v1/feed${query}`, init);

async function idOf(name: string): Promise<string> {
  return (await api.db.query<{ id: string }>("select id from public.protocols where name = $1", [name])).rows[0]!.id;
}

async function insertChange(name: string, values: Record<string, string | null>) {
  const columns = Object.keys(values);
  await api.db.query(
    `insert into public.protocol_changes (protocol_id, recorded_by, ${columns.join(", ")})
     values ($1, 'refresh', ${columns.map((_, i) => `$${i + 2}`).join(", ")})`,
    [await idOf(name), ...Object.values(values)],
  );
}

beforeAll(async () => {
  api = await startSnapshotApi();
  await api.db.query("delete from public.protocol_changes");
  await insertChange("Centrifuge", {
    day: "2026-11-20",
    kind: "tvl",
    field: "1d",
    old_value: "1600000000",
    new_value: "1200000000",
    source_url: "https://defillama.com/protocol/centrifuge",
  });
  await insertChange("Goldfinch (Prime)", {
    day: "2026-11-21",
    kind: "yield",
    old_value: "9.0%",
    new_value: "10.5%",
    source_url: "https://defillama.com/yields?project=goldfinch",
  });
});
afterAll(async () => {
  await api?.close();
});

describe("GET /functions/v1/feed", () => {
  it("serves the whole site's change log as valid Atom, newest first, each entry linking its page", async () => {
    const response = await feed();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const atom = parseAtom(await response.text());
    expect(atom.title).toBe("RWA Atlas: what changed");
    expect(atom.self).toBe(`${api.url}/functions/v1/feed`);
    expect(atom.entries.map((e) => [e.title, e.link, e.category])).toEqual([
      ["Goldfinch (Prime) yield rose 1.5 points to 10.5%", "http://127.0.0.1:5173/protocols/goldfinch-prime", "yield"],
      ["Centrifuge TVL fell 25% to $1.2B", "http://127.0.0.1:5173/protocols/centrifuge", "tvl"],
    ]);
    expect(atom.entries[1]!.summary).toBe(
      "TVL over 1 day: $1.6B → $1.2B. Source: https://defillama.com/protocol/centrifuge",
    );
    expect(atom.updated).toBe("2026-11-21T00:00:00Z");
  });

  it("serves one protocol's feed with only its entries", async () => {
    const atom = parseAtom(await (await feed("?protocol=centrifuge")).text());
    expect(atom.title).toBe("Centrifuge on RWA Atlas: what changed");
    expect(atom.entries.map((e) => e.title)).toEqual(["Centrifuge TVL fell 25% to $1.2B"]);
    const empty = parseAtom(await (await feed("?protocol=lofty")).text());
    expect(empty.entries).toEqual([]);
  });

  it("answers 404 with a message for an unknown slug", async () => {
    const response = await feed("?protocol=no-such-protocol");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No protocol has the page slug "no-such-protocol".' });
  });

  it("answers 304 to a reader whose copy is current, by ETag or by date, and 200 once a change lands", async () => {
    const first = await feed();
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(lastModified).toString()).not.toBe("Invalid Date");

    const byTag = await feed("", { headers: { "If-None-Match": etag } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe("");
    expect((await feed("", { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);

    await insertChange("Lofty", { day: "2026-11-22", kind: "dropped" });
    const changed = await feed("", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(parseAtom(await changed.text()).entries[0]!.title).toBe("Lofty is no longer tracked by DefiLlama");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("answers HEAD with the headers and no body, and refuses a POST", async () => {
    const head = await feed("", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^"/);
    expect(await head.text()).toBe("");
    expect((await feed("", { method: "POST" })).status).toBe(405);
  });
});
