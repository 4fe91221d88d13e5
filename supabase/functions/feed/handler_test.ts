// The feed's contract under Deno (npm run test:deno): the same handler the Edge runtime serves, over
// an in-memory store. Each feed is parsed with a real XML parser (@xmldom/xmldom, as in the Node
// tests), so a document that is not well-formed fails, whatever the strings look like.
import { DOMParser, type Element } from "@xmldom/xmldom";
import * as assert from "../_shared/test_assert.ts";
import { silentLogger } from "../_shared/log.ts";
import type { ChangeRow } from "../_shared/change-text.ts";
import { FEED_LIMIT, handleFeedRequest, type FeedDeps } from "./handler.ts";
import { ATOM_NS } from "./lib/atom.ts";
import type { FeedProtocol, FeedStore } from "./lib/store.ts";

const CENTRIFUGE = "0b0c2d9e-1111-4a4a-8a8a-000000000001";
const GOLDFINCH = "0b0c2d9e-1111-4a4a-8a8a-000000000002";
const AMP = "0b0c2d9e-1111-4a4a-8a8a-000000000003";
const PROTOCOLS: FeedProtocol[] = [
  { id: AMP, name: "A&B <Credit>" },
  { id: CENTRIFUGE, name: "Centrifuge" },
  { id: GOLDFINCH, name: "Goldfinch" },
];

let serial = 0;
function change(protocolId: string, day: string, rest: Partial<ChangeRow>): ChangeRow {
  serial += 1;
  return {
    id: serial,
    day,
    protocol_id: protocolId,
    product_symbol: null,
    kind: "tvl",
    field: "1d",
    old_value: null,
    new_value: null,
    reason: null,
    source_url: null,
    recorded_by: "refresh",
    created_at: `${day}T06:00:00Z`,
    ...rest,
  };
}

const CHANGES: ChangeRow[] = [
  change(CENTRIFUGE, "2026-11-20", {
    old_value: "1600000000",
    new_value: "1200000000",
    source_url: "https://defillama.com/protocol/centrifuge",
  }),
  change(GOLDFINCH, "2026-11-21", {
    kind: "yield",
    field: null,
    old_value: "9.0%",
    new_value: "10.5%",
    source_url: "https://defillama.com/yields?project=goldfinch",
  }),
  change(AMP, "2026-11-19", { kind: "renamed", field: null, old_value: "A&B", new_value: "A&B <Credit>" }),
];

function memoryStore(changes: ChangeRow[], fail = false): FeedStore {
  return {
    async protocols() {
      if (fail) throw new Error("connection refused");
      return PROTOCOLS;
    },
    async changes({ protocolId, limit }) {
      return changes
        .filter((c) => protocolId === null || c.protocol_id === protocolId)
        .sort((a, b) => (a.day === b.day ? b.id - a.id : a.day < b.day ? 1 : -1))
        .slice(0, limit);
    },
  };
}

function deps(changes = CHANGES, fail = false): FeedDeps {
  return {
    store: memoryStore(changes, fail),
    siteUrl: "https://rwaatlas.com",
    feedUrl: "https://example.supabase.co/functions/v1/feed",
    log: silentLogger,
  };
}

const get = (query = "", headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost/functions/v1/feed${query}`, { method, headers });

/** Parses the body as XML, failing on any well-formedness error, and returns the root element. */
function parseAtom(text: string): Element {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(text, "application/xml");
  assert.deepEqual(errors, []);
  const root = doc.documentElement!;
  assert.equal(root.localName, "feed");
  assert.equal(root.namespaceURI, ATOM_NS);
  return root;
}

const children = (parent: Element, name: string) =>
  Array.from(parent.childNodes).filter((n): n is Element => (n as Element).localName === name);
const text = (parent: Element, name: string) => children(parent, name)[0]?.textContent ?? null;

Deno.test("the site's feed is Atom with every required element, newest entry first", async () => {
  const response = await handleFeedRequest(get(), deps());
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/atom+xml; charset=utf-8");
  const root = parseAtom(await response.text());
  for (const required of ["id", "title", "updated", "author"]) assert.ok(text(root, required), `feed <${required}>`);
  assert.equal(text(root, "updated"), "2026-11-21T00:00:00Z");
  const entries = children(root, "entry");
  assert.deepEqual(
    entries.map((e) => text(e, "title")),
    ["Goldfinch yield rose 1.5 points to 10.5%", "Centrifuge TVL fell 25% to $1.2B", "A&B is now A&B <Credit>"],
  );
  for (const entry of entries) {
    assert.match(text(entry, "id")!, /^tag:rwaatlas\.com,2026:change\//);
    assert.match(text(entry, "updated")!, /^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
  }
  const centrifuge = entries[1]!;
  assert.equal(children(centrifuge, "link")[0]!.getAttribute("href"), "https://rwaatlas.com/protocols/centrifuge");
  assert.equal(
    text(centrifuge, "summary"),
    "TVL over 1 day: $1.6B → $1.2B. Source: https://defillama.com/protocol/centrifuge",
  );
});

Deno.test("a protocol's feed holds only its entries and names it; a former slug still works", async () => {
  const root = parseAtom(await (await handleFeedRequest(get("?protocol=goldfinch"), deps())).text());
  assert.equal(text(root, "title"), "Goldfinch on RWA Atlas: what changed");
  assert.deepEqual(
    children(root, "entry").map((e) => text(e, "title")),
    ["Goldfinch yield rose 1.5 points to 10.5%"],
  );
  const self = children(root, "link").find((l) => l.getAttribute("rel") === "self")!;
  assert.equal(self.getAttribute("href"), "https://example.supabase.co/functions/v1/feed?protocol=goldfinch");
});

Deno.test("an unknown or malformed slug is 404, never 500", async () => {
  for (const query of ["?protocol=no-such-protocol", "?protocol=%3Cscript%3E", "?protocol="]) {
    const response = await handleFeedRequest(get(query), deps());
    assert.equal(response.status, 404, query);
    assert.match(((await response.json()) as { message: string }).message, /slug/);
  }
});

Deno.test("at most 50 entries, the newest", async () => {
  const many = Array.from({ length: 60 }, (_, i) =>
    change(CENTRIFUGE, `2026-10-${String((i % 28) + 1).padStart(2, "0")}`, {
      field: i % 2 === 0 ? "1d" : "7d",
      product_symbol: `P${i}`,
      old_value: "100",
      new_value: "150",
    }),
  );
  const root = parseAtom(await (await handleFeedRequest(get(), deps(many))).text());
  const entries = children(root, "entry");
  assert.equal(entries.length, FEED_LIMIT);
  assert.equal(text(entries[0]!, "updated"), "2026-10-28T00:00:00Z");
});

Deno.test("ETag and Last-Modified answer 304 while nothing changed, 200 once something did", async () => {
  const first = await handleFeedRequest(get(), deps());
  const etag = first.headers.get("etag")!;
  const lastModified = first.headers.get("last-modified")!;
  assert.match(etag, /^"[0-9a-f]{32}"$/);
  assert.equal(lastModified, "Sat, 21 Nov 2026 06:00:00 GMT");

  const byTag = await handleFeedRequest(get("", { "If-None-Match": etag }), deps());
  assert.equal(byTag.status, 304);
  assert.equal(await byTag.text(), "");
  assert.equal(byTag.headers.get("etag"), etag);
  assert.equal((await handleFeedRequest(get("", { "If-Modified-Since": lastModified }), deps())).status, 304);

  const newer = [...CHANGES, change(GOLDFINCH, "2026-11-22", { old_value: "100", new_value: "80" })];
  const changed = await handleFeedRequest(get("", { "If-None-Match": etag }), deps(newer));
  assert.equal(changed.status, 200);
  assert.ok(changed.headers.get("etag") !== etag, "a new entry changes the ETag");
  const since = await handleFeedRequest(get("", { "If-Modified-Since": lastModified }), deps(newer));
  assert.equal(since.status, 200);
  // If-None-Match decides when both are sent (RFC 9110).
  const both = await handleFeedRequest(
    get("", { "If-None-Match": '"other"', "If-Modified-Since": lastModified }),
    deps(),
  );
  assert.equal(both.status, 200);
});

Deno.test("an empty change log is still a valid feed, dated when the log began", async () => {
  const root = parseAtom(await (await handleFeedRequest(get(), deps([]))).text());
  assert.equal(children(root, "entry").length, 0);
  assert.equal(text(root, "updated"), "2026-11-27T00:00:00Z");
});

Deno.test("HEAD has the headers and no body; other methods get 405; any origin may read", async () => {
  const head = await handleFeedRequest(get("", {}, "HEAD"), deps());
  assert.equal(head.status, 200);
  assert.equal(await head.text(), "");
  assert.ok(head.headers.get("etag"));
  const post = await handleFeedRequest(get("", {}, "POST"), deps());
  assert.equal(post.status, 405);
  assert.equal(post.headers.get("allow"), "GET, HEAD, OPTIONS");
  assert.equal((await handleFeedRequest(get(), deps())).headers.get("access-control-allow-origin"), "*");
});

Deno.test("a store that fails answers 503 with a message, and logs why", async () => {
  const logged: string[] = [];
  const response = await handleFeedRequest(get(), {
    ...deps(CHANGES, true),
    log: { ...silentLogger, error: (event, fields) => logged.push(`${event} ${fields?.error}`) },
  });
  assert.equal(response.status, 503);
  assert.equal(
    ((await response.json()) as { message: string }).message,
    "The change log could not be read. Try again in a few minutes.",
  );
  assert.deepEqual(logged, ["feed.read_failed connection refused"]);
});

Deno.test(
  "text XML forbids (control characters, a lone surrogate) is dropped, so the feed stays well-formed",
  async () => {
    const odd = [
      change(CENTRIFUGE, "2026-11-23", {
        kind: "renamed",
        field: null,
        old_value: "Bad\u0001\u0008Name\uD800",
        new_value: "Centrifuge",
      }),
    ];
    const root = parseAtom(await (await handleFeedRequest(get(), deps(odd))).text());
    assert.equal(text(children(root, "entry")[0]!, "title"), "BadName is now Centrifuge");
  },
);
