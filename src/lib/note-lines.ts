// A protocol's notes on its figures (data/protocols.csv's notes): short labelled lines, one a line,
// 'Label: text', each URL written once as a link [text](https://…) named by its host or a short
// label. data:check holds every reviewed row to it; the protocol page shows the lines as a list.
// Relative imports only: the data tooling uses this outside Vite's aliases.

/** A note line's visible length at most: a line a reader takes in at a glance. */
export const NOTE_LINE_MAX = 160;

/** A piece of a line: text, or a link's visible text and its address. */
export type NotePart = { text: string; href?: string };

/** One line: its label ('Minimum'), null for a line that has none, and its text with its links. */
export type NoteLine = { label: string | null; parts: NotePart[] };

const LABELLED = /^([A-Z][A-Za-z0-9 '()/&,.-]{0,40}): (\S.*)$/;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const BARE_URL = /https?:\/\/|www\./i;

function partsOf(text: string): NotePart[] {
  const parts: NotePart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match[1]!, href: match[2]! });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The notes' lines (blank lines skipped), each with its label and links. */
export function parseNoteLines(notes: string): NoteLine[] {
  return notes
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const labelled = LABELLED.exec(line);
      return labelled === null
        ? { label: null, parts: partsOf(line) }
        : { label: labelled[1]!, parts: partsOf(labelled[2]!) };
    });
}

/** What a reader sees of a line: its label, then its text with each link's name in place of the link. */
export function visibleText(line: NoteLine): string {
  const text = line.parts.map((part) => part.text).join("");
  return line.label === null ? text : `${line.label}: ${text}`;
}

/**
 * What is wrong with notes written as labelled lines: a line without a label, a URL outside a
 * link, a link that is not https, a line longer than NOTE_LINE_MAX as read. Empty when none.
 */
export function noteLineProblems(notes: string): string[] {
  const problems: string[] = [];
  for (const line of parseNoteLines(notes)) {
    const seen = visibleText(line);
    const start = `'${seen.slice(0, 40)}…'`;
    if (line.label === null) problems.push(`${start} has no label: write each line as 'Label: text'`);
    for (const part of line.parts) {
      if (part.href === undefined && BARE_URL.test(part.text))
        problems.push(`${start} has a raw URL: write it once as a link, [host or short label](https://…)`);
      if (part.href !== undefined && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(part.href))
        problems.push(`${start} links '${part.href}', which is not an https:// address`);
      if (part.href !== undefined && BARE_URL.test(part.text))
        problems.push(`${start} names a link by its URL: name it by its host or a short label`);
    }
    if (seen.length > NOTE_LINE_MAX)
      problems.push(`${start} is ${seen.length} characters as read, at most ${NOTE_LINE_MAX}: split or shorten it`);
  }
  return problems;
}
