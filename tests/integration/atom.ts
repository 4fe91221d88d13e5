// Reads an Atom document with a real XML parser (@xmldom/xmldom) and checks what RFC 4287 requires
// of a feed and its entries: a test of the feed fails on a document that is not well-formed or
// lacks a required element, whatever its text looks like.
import { DOMParser, type Element } from "@xmldom/xmldom";
import { expect } from "vitest";

export const ATOM_NS = "http://www.w3.org/2005/Atom";
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export type AtomEntry = {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary: string;
  category: string;
};
export type AtomFeed = { id: string; title: string; updated: string; self: string; entries: AtomEntry[] };

const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (node): node is Element => (node as Element).localName === name && (node as Element).namespaceURI === ATOM_NS,
  );

/** The one child RFC 4287 requires exactly once, as text. */
function one(parent: Element, name: string, where: string): string {
  const found = children(parent, name);
  expect(found, `${where} has exactly one atom:${name}`).toHaveLength(1);
  return found[0]!.textContent ?? "";
}

function linkHref(parent: Element, rel: string): string | undefined {
  return (
    children(parent, "link")
      .find((link) => (link.getAttribute("rel") || "alternate") === rel)
      ?.getAttribute("href") ?? undefined
  );
}

export function parseAtom(xml: string): AtomFeed {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(xml, "application/xml");
  expect(errors, "the feed is well-formed XML").toEqual([]);
  const root = doc.documentElement!;
  expect(root.localName).toBe("feed");
  expect(root.namespaceURI).toBe(ATOM_NS);

  const feed = {
    id: one(root, "id", "the feed"),
    title: one(root, "title", "the feed"),
    updated: one(root, "updated", "the feed"),
    self: linkHref(root, "self") ?? "",
  };
  expect(feed.updated).toMatch(DATE_TIME);
  expect(feed.id).toMatch(/^[a-z][a-z0-9+.-]*:/);
  // atom:author is required on the feed unless every entry has its own; ours is on the feed.
  expect(children(root, "author"), "the feed has an author").toHaveLength(1);
  expect(children(children(root, "author")[0]!, "name")).toHaveLength(1);

  const entries = children(root, "entry").map((entry, index): AtomEntry => {
    const where = `entry ${index + 1}`;
    const parsed = {
      id: one(entry, "id", where),
      title: one(entry, "title", where),
      updated: one(entry, "updated", where),
      link: linkHref(entry, "alternate") ?? "",
      // Without atom:content an entry must have a summary (RFC 4287 4.1.2).
      summary: one(entry, "summary", where),
      category: children(entry, "category")[0]?.getAttribute("term") ?? "",
    };
    expect(parsed.updated, where).toMatch(DATE_TIME);
    expect(parsed.link, `${where} links a page`).toMatch(/^https?:\/\//);
    expect(parsed.id, where).toMatch(/^tag:[^,]+,\d{4}:/);
    return parsed;
  });
  expect(new Set(entries.map((e) => e.id)).size, "entry ids are unique").toBe(entries.length);
  return { ...feed, entries };
}
