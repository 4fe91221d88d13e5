// The /methodology page and docs/methodology.md state the same method: every sentence the page
// renders from risk-method.ts is in the document (markdown emphasis and line breaks aside).
import { describe, expect, it } from "vitest";
// The document as text, read by Vite (?raw): the app's project has no Node types.
import doc from "../../docs/methodology.md?raw";
import {
  ABOUT_THE_RATING,
  CHANGE_RULES,
  EVIDENCE_RULES,
  FACTOR_METHOD,
  NO_ACCEPTABLE_SOURCE,
  RULE_STEPS,
  RULE_VERSIONS,
  SOURCES_INTRO,
} from "./risk-method";
import { FACTOR_LABELS, RATING_VERSION, RISK_FACTORS, RISK_STEPS } from "./risk-rating";
import { SOURCE_TIER_DATA } from "./source-tiers";

/** Markdown to comparable text: no emphasis or code marks, no list bullets or numbers, one space. */
function plain(markdown: string): string {
  return markdown
    .replace(/\*\*|`/g, "")
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

const text = plain(doc);
const said = (sentence: string) => expect(text, sentence).toContain(plain(sentence));

describe("the method's words match docs/methodology.md", () => {
  it("names each factor with what it looks at, or how it is computed", () => {
    for (const factor of RISK_FACTORS) {
      const { question, computed } = FACTOR_METHOD[factor];
      const opening = plain(`${FACTOR_LABELS[factor]} (${factor}): `);
      expect(
        text.includes(opening + plain(question)) ||
          (computed !== undefined && text.includes(opening + plain(computed))),
        `${factor}: ${question}`,
      ).toBe(true);
    }
  });

  it("states what earns each step of the researched factors, and how the computed ones are computed", () => {
    for (const factor of RISK_FACTORS) {
      const { steps, computed } = FACTOR_METHOD[factor];
      expect(steps !== undefined || computed !== undefined, factor).toBe(true);
      if (steps) for (const step of RISK_STEPS) said(`${step}: ${steps[step]}`);
      if (computed) said(computed);
    }
  });

  it("says what the rating is and is not, and how evidence is written, in the same words", () => {
    said(ABOUT_THE_RATING.summary);
    said(`What the rating is: ${ABOUT_THE_RATING.is}`);
    said(`What it is not: ${ABOUT_THE_RATING.isNot}`);
    for (const rule of EVIDENCE_RULES) said(rule);
  });

  it("states the rule in the same four sentences, and the version", () => {
    expect(RULE_STEPS).toHaveLength(4);
    for (const step of RULE_STEPS) said(step);
    expect(doc).toContain(`# Risk rating methodology (version ${RATING_VERSION})`);
    expect(RULE_VERSIONS[0]!.version).toBe(RATING_VERSION);
    for (const { version, date, change } of RULE_VERSIONS) said(`${version} (${date}): ${change}`);
  });

  it("states the source tiers and the never list of data/source-tiers.json, and what happens without a source", () => {
    said(SOURCES_INTRO);
    for (const entry of [...SOURCE_TIER_DATA.primary, ...SOURCE_TIER_DATA.secondary])
      said(`${entry.category} (${entry.examples}): ${entry.reason}`);
    for (const entry of SOURCE_TIER_DATA.never) {
      said(`${entry.category}: ${entry.reason}`);
      for (const host of entry.hosts) said(`${host.pattern} (${host.site})`);
    }
    said(NO_ACCEPTABLE_SOURCE);
  });

  it("says how the rating's changes are recorded and shown", () => {
    for (const rule of CHANGE_RULES) said(rule);
  });
});
