// The phone comparison labels each compared protocol with a coloured key. Colour alone must never
// tell two apart (Backed Finance and BlackRock were both 'B'), so the keys are unique among the
// compared protocols: the initial when it is unique, else the initials of the first two words
// ('BF', 'BB'), else the initial and a number ('B1', 'B2').

/** The letters and digits of a name's words: 'Backed Finance (bTokens)' -> ['Backed', 'Finance', 'bTokens']. */
function words(name: string): string[] {
  return name.match(/[\p{L}\p{N}]+/gu) ?? [];
}

function initial(name: string): string {
  return (words(name)[0]?.[0] ?? "?").toUpperCase();
}

/** 'Backed Finance' -> 'BF'; one word: its first two letters ('Centrifuge' -> 'CE'). */
function twoLetters(name: string): string {
  const [first = "?", second] = words(name);
  return (second === undefined ? first.slice(0, 2) : `${first[0]}${second[0]}`).toUpperCase();
}

/** One key per name, in order, each unique among them (at most two characters). */
export function protocolKeys(names: readonly string[]): string[] {
  const initials = names.map(initial);
  const shared = (key: string, keys: string[]) => keys.filter((other) => other === key).length > 1;
  const keys = initials.map((key, i) => (shared(key, initials) ? twoLetters(names[i]!) : key));
  if (new Set(keys).size === keys.length) return keys;
  // Two-letter keys still clash (or clash with an initial): number every clashing initial instead.
  const seen = new Map<string, number>();
  return initials.map((key) => {
    if (!shared(key, initials)) return key;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}${n}`;
  });
}
