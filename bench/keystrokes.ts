// Plans the search keystrokes for the latency measurement from the data actually served, so each
// keystroke changes 'Showing X of Y protocols' (a keystroke that changes nothing has no end to
// time). Follows the spec's rule: case-insensitive substring match on the name.

export type Keystroke = {
  /** A Playwright key name: a single character or "Backspace". */
  key: string;
  /** The search box's value after the key. */
  query: string;
  /** The X of 'Showing X of Y protocols' after the key. */
  expected: number;
};

function countMatches(lowerNames: readonly string[], query: string): number {
  const q = query.trim().toLowerCase();
  if (q === "") return lowerNames.length;
  let n = 0;
  for (const name of lowerNames) if (name.includes(q)) n++;
  return n;
}

/**
 * Narrow while the query is short (the heaviest case: big result lists re-rendered), then
 * delete back, every key changing the count and never emptying the list.
 */
export function planKeystrokes(names: readonly string[], total: number, maxQueryLength = 4): Keystroke[] {
  const lowerNames = names.map((n) => n.toLowerCase());
  // Letters and digits only: a space could be trimmed away by the app and change nothing.
  const alphabet = [...new Set(lowerNames.join("").replace(/[^a-z0-9]/g, ""))].sort();
  const plan: Keystroke[] = [];
  let query = "";
  let count = countMatches(lowerNames, query);
  let narrowing = true;

  while (plan.length < total) {
    const appends = alphabet
      .map((ch) => ({ key: ch, query: query + ch, expected: countMatches(lowerNames, query + ch) }))
      .filter((k) => k.expected > 0 && k.expected !== count)
      // Smallest narrowing first keeps the lists long; ties resolve alphabetically (deterministic).
      .sort((a, b) => b.expected - a.expected || a.key.localeCompare(b.key));
    const backspace =
      query === ""
        ? null
        : { key: "Backspace", query: query.slice(0, -1), expected: countMatches(lowerNames, query.slice(0, -1)) };
    const backspaceChanges = backspace !== null && backspace.expected !== count;

    let next: Keystroke | undefined;
    if (narrowing && query.length < maxQueryLength && appends.length > 0) next = appends[0];
    else if (backspaceChanges) next = backspace!;
    else next = appends[0];
    if (!next) {
      throw new Error(
        `No keystroke changes the count after "${query}": the data set is too uniform to measure search latency.`,
      );
    }

    plan.push(next);
    query = next.query;
    count = next.expected;
    if (query.length >= maxQueryLength) narrowing = false;
    if (query === "") narrowing = true;
  }
  return plan;
}
