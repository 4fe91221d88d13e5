// The notes on a protocol's figures as labelled lines (issue 33): parsed for the page, and the
// problems data:check refuses (no label, a raw URL, a link that is not https, a line too long).
import { describe, expect, it } from "vitest";
import { NOTE_LINE_MAX, noteLineProblems, parseNoteLines, visibleText } from "./note-lines";

const ONDO =
  "Minimum (USDY): $500 for every investment or redemption, per [Ondo's USDY FAQ](https://docs.ondo.finance/usdy/faq)\n" +
  "Risk: Treasuries; USDY adds a bank-deposit/note structure";

describe("parseNoteLines", () => {
  it("reads one labelled line a line, with each link's name and address", () => {
    expect(parseNoteLines(ONDO)).toEqual([
      {
        label: "Minimum (USDY)",
        parts: [
          { text: "$500 for every investment or redemption, per " },
          { text: "Ondo's USDY FAQ", href: "https://docs.ondo.finance/usdy/faq" },
        ],
      },
      { label: "Risk", parts: [{ text: "Treasuries; USDY adds a bank-deposit/note structure" }] },
    ]);
  });

  it("takes the label up to the first ': ' only, skips blank lines, and keeps an unlabelled line whole", () => {
    const [first, second] = parseNoteLines("TVL: N/A. No page states it: none found\n\n  tracked from DefiLlama  ");
    expect(first).toEqual({ label: "TVL", parts: [{ text: "N/A. No page states it: none found" }] });
    expect(second).toEqual({ label: null, parts: [{ text: "tracked from DefiLlama" }] });
  });

  it("shows a link by its name: what a reader sees is the label and the text", () => {
    expect(visibleText(parseNoteLines(ONDO)[0]!)).toBe(
      "Minimum (USDY): $500 for every investment or redemption, per Ondo's USDY FAQ",
    );
  });
});

describe("noteLineProblems", () => {
  it("accepts labelled lines whose links are https and named", () => {
    expect(noteLineProblems(ONDO)).toEqual([]);
  });

  it("refuses a raw URL, in the text or as a link's name", () => {
    expect(noteLineProblems("Minimum: $500, per https://docs.ondo.finance/usdy/faq")).toEqual([
      "'Minimum: $500, per https://docs.ondo.fin…' has a raw URL: write it once as a link, [host or short label](https://…)",
    ]);
    expect(noteLineProblems("Source: see www.example.com")).toHaveLength(1);
    expect(noteLineProblems("Source: [https://example.com/a](https://example.com/a)")).toEqual([
      "'Source: https://example.com/a…' names a link by its URL: name it by its host or a short label",
    ]);
  });

  it("refuses a line without a label, and a link that is not https", () => {
    expect(noteLineProblems("the minimum is $500")).toEqual([
      "'the minimum is $500…' has no label: write each line as 'Label: text'",
    ]);
    expect(noteLineProblems("Source: [page](http://example.com/a)")).toEqual([
      "'Source: page…' links 'http://example.com/a', which is not an https:// address",
    ]);
  });

  it(`refuses a line longer than ${NOTE_LINE_MAX} characters as read; a link's address does not count`, () => {
    const at = (length: number) => `Risk: ${"x".repeat(length - 6)}`;
    expect(noteLineProblems(at(NOTE_LINE_MAX))).toEqual([]);
    expect(noteLineProblems(at(NOTE_LINE_MAX + 1))).toEqual([
      `'${at(NOTE_LINE_MAX + 1).slice(0, 40)}…' is ${NOTE_LINE_MAX + 1} characters as read, at most ${NOTE_LINE_MAX}: split or shorten it`,
    ]);
    expect(noteLineProblems(`Source: [page](https://example.com/${"y".repeat(300)})`)).toEqual([]);
  });
});
