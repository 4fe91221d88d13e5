// feed, runtime-neutral: (Request, deps) -> Response. No Deno or Node globals, so the Supabase Edge
// runtime (index.ts), the local API (`npm run dev`) and the tests all run this same code.
//
//   GET .../feed                       the whole site's change log, newest 50 entries, as Atom
//   GET .../feed?protocol=<page slug>  one protocol's (a former slug still works; unknown: 404)
//
// ETag (a hash of the body) and Last-Modified (the newest entry's recording time) answer 304 to a
// reader whose copy is current. Public data, no key needed: any origin may read it.
import type { Logger } from "../_shared/log.ts";
import { FORMER_SLUGS, slugify, uniqueSlugs } from "../_shared/slug.ts";
import { atomFeed, CHANGE_LOG_EPOCH, type FeedEntry } from "./lib/atom.ts";
import type { FeedProtocol, FeedStore } from "./lib/store.ts";

export const FEED_LIMIT = 50;
export const CACHE_CONTROL = "public, max-age=900";
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,89}$/;

export type FeedDeps = {
  store: FeedStore;
  /** The site's origin, for the entries' page links ('https://rwaatlas.com'). */
  siteUrl: string;
  /** The function's public URL without a query (the feed's rel="self" link names it). */
  feedUrl: string;
  log: Logger;
};

export const MESSAGES = {
  methodNotAllowed: "Method not allowed. Use GET.",
  unknownProtocol: (slug: string) => `No protocol has the page slug "${slug}".`,
  badSlug: "protocol must be a page slug: lower-case letters, digits and hyphens, as in /protocols/<slug>.",
  unavailable: "The change log could not be read. Try again in a few minutes.",
};

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Last-Modified",
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS, "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

type SluggedProtocol = FeedProtocol & { slug: string };

/** Slugs as the app gives them: by name, made unique in that order (model.ts, build/site-files.ts). */
function slugged(protocols: readonly FeedProtocol[]): SluggedProtocol[] {
  const slugs = uniqueSlugs(protocols.map((p) => slugify(p.name)));
  return protocols.map((p, i) => ({ ...p, slug: slugs[i]! }));
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** RFC 9110: If-None-Match wins; If-Modified-Since counts only without it, to the second. */
export function isNotModified(req: Request, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = req.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const strip = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === etag);
  }
  const since = Date.parse(req.headers.get("if-modified-since") ?? "");
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export async function handleFeedRequest(req: Request, deps: FeedDeps): Promise<Response> {
  if (req.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: { ...CORS, "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS", "Access-Control-Max-Age": "86400" },
    });
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    return json(405, { message: MESSAGES.methodNotAllowed }, { Allow: "GET, HEAD, OPTIONS" });
  }
  const asked = new URL(req.url).searchParams.get("protocol");
  const slug = asked === null ? null : asked.trim().toLowerCase();
  if (slug !== null && !SLUG_PATTERN.test(slug)) return json(404, { message: MESSAGES.badSlug });

  let body: string;
  let newest: Date;
  try {
    const all = slugged(await deps.store.protocols());
    const find = (wanted: string | undefined) => all.find((p) => p.slug === wanted);
    const protocol = slug === null ? null : (find(slug) ?? find(FORMER_SLUGS[slug]) ?? undefined);
    if (protocol === undefined) return json(404, { message: MESSAGES.unknownProtocol(slug!) });

    const changes = await deps.store.changes({ protocolId: protocol?.id ?? null, limit: FEED_LIMIT });
    const byId = new Map(all.map((p) => [p.id, p]));
    const entries: FeedEntry[] = changes.flatMap((change) => {
      const owner = byId.get(change.protocol_id);
      return owner ? [{ change, protocolName: owner.name, protocolSlug: owner.slug }] : [];
    });
    const selfUrl = protocol === null ? deps.feedUrl : `${deps.feedUrl}?protocol=${protocol.slug}`;
    body = atomFeed({ siteUrl: deps.siteUrl, selfUrl, protocol, entries });
    const recorded = entries.map((entry) => Date.parse(entry.change.created_at));
    newest = new Date(recorded.length > 0 ? Math.max(...recorded) : Date.parse(CHANGE_LOG_EPOCH));
  } catch (error) {
    deps.log.error("feed.read_failed", { error: error instanceof Error ? error.message : String(error) });
    return json(503, { message: MESSAGES.unavailable }, { "Retry-After": "60" });
  }

  const etag = `"${(await sha256Hex(body)).slice(0, 32)}"`;
  const headers = {
    ...CORS,
    ETag: etag,
    "Last-Modified": newest.toUTCString(),
    "Cache-Control": CACHE_CONTROL,
  };
  if (isNotModified(req, etag, newest)) return new Response(null, { status: 304, headers });
  return new Response(req.method === "HEAD" ? null : body, {
    status: 200,
    headers: { ...headers, "Content-Type": "application/atom+xml; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
