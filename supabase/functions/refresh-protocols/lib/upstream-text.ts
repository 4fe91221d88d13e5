// Strings from upstream (DefiLlama's lists) are checked before they reach SQL or a URL (issue 30,
// item 3). Three kinds of character are refused: control characters (\p{Cc}: a NUL made Postgres
// refuse the whole write, "unsupported Unicode escape sequence"), format characters (\p{Cf}:
// zero-width and bidirectional marks, invisible in a name or a report), and lone surrogates (\p{Cs}:
// with the u flag a well-formed pair reads as one astral character, so only a string that is not
// well formed matches; a lone one made the JSON invalid for Postgres, "invalid input syntax for
// type json", and broke encodeURIComponent, "URIError: URI malformed").
// Runtime-neutral: no I/O.

const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/** True for a string that may reach the database or a URL: well formed, no control, format or surrogate character. */
export function isCleanText(value: string): boolean {
  return !REFUSED.test(value);
}

/** A string for a report line: quoted, each refused character written as \uXXXX, so the line shows what came. */
export function showText(value: string): string {
  let out = "";
  for (const char of value) {
    if (char === '"' || char === "\\") out += `\\${char}`;
    else if (REFUSED.test(char)) out += escapeUnits(char);
    else out += char;
  }
  return `"${out}"`;
}

function escapeUnits(char: string): string {
  let out = "";
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

/** The first string (at any depth) that is not clean text, or null: the last check before SQL. */
export function firstUncleanText(value: unknown): string | null {
  if (typeof value === "string") return isCleanText(value) ? null : value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstUncleanText(item);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) {
      const found = firstUncleanText(item);
      if (found !== null) return found;
    }
  }
  return null;
}
