// Small numbers in words, as the risk method and the pages quoting it write them ('five factors').
// A module of its own: a protocol page's 'Not rated' sentence needs the word, not the method's
// texts (src/lib/risk-method.ts, which only /methodology shows).

const WORDS: Record<number, string> = { 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven" };

/** 5 -> 'five'; past seven, the digits. */
export const word = (n: number): string => WORDS[n] ?? String(n);
