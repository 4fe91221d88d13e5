// The risk rating method in words, for the /methodology page: what each factor asks and what earns
// each step. The same sentences as docs/methodology.md (src/lib/risk-method.test.ts checks them
// against it); the numbers come from the rule itself (risk-rating.ts). Relative imports: the build
// (build/site-files.ts) reads RULE_VERSIONS outside Vite's aliases.
import {
  MIN_EVIDENCED,
  RATING_VERSION,
  RISK_FACTORS,
  RISK_STEPS,
  scoreOf,
  WEAKEST_LINK_SPAN,
  type RiskFactor,
  type RiskStep,
} from "./risk-rating.ts";
import { word } from "./number-words.ts";

export type FactorMethod = {
  /** What the factor looks at, after its name. */
  question: string;
  /** What earns each step (researched factors). */
  steps?: Record<RiskStep, string>;
  /** How the factor is computed from data we refresh (computed factors). */
  computed?: string;
};

export const FACTOR_METHOD: Record<RiskFactor, FactorMethod> = {
  asset: {
    question: "what backs the token, and its quality.",
    steps: {
      Low: "US Treasury bills, a government money-market fund, overnight repo, cash at banks.",
      Medium:
        "investment-grade credit; fully allocated physical gold or precious metals; listed equities or ETFs held one for one.",
      High: "collateralised private credit; real estate; other real assets.",
      "Very High": "unsecured or emerging-market private loans; carbon credits; assets without a reliable price.",
    },
  },
  legal: {
    question: "what a holder legally owns.",
    steps: {
      Low: "a registered or authorised fund (1940 Act, UCITS, a regulated fund) whose token is the fund's share.",
      Medium: "a bankruptcy-remote SPV, trust or segregated structure with a direct or secured claim on the assets.",
      High: "a claim on the issuer only (an unsecured note, a debt certificate, a company token), or a per-property company with a thin operating agreement.",
      "Very High": "no disclosed legal claim.",
    },
  },
  custody: {
    question: "who holds the assets and who checks.",
    steps: {
      Low: "a named qualified custodian and independent attestation at least monthly, or a daily NAV struck by a fund administrator.",
      Medium: "a named custodian and a periodic (quarterly or annual) independent audit or attestation.",
      High: "a custodian named but no independent attestation, or only self-reported reserves.",
      "Very High": "no custodian named and no attestation.",
    },
  },
  redemption: {
    question: "how an eligible holder gets money back.",
    steps: {
      Low: "instant or same-day (T+0/T+1).",
      Medium: "T+2 to T+5.",
      High: "a queue, windows, gates, lock-ups, or longer than T+5.",
      "Very High": "no redemption (a secondary market only).",
    },
  },
  contract: {
    question: "audits of the deployed contracts, upgradeability and admin keys, incidents.",
    computed:
      "Computed where DefiLlama records audits: DefiLlama's audits flag 2 (audited) is Medium; 1 (partly unaudited) and 3 (a fork of audited code) are High. A flag of 0 (DefiLlama records no audit) or no flag at all is missing data, not a finding: the factor is Unknown. Low needs researched evidence (several public audits, no incident) that the flag cannot show. A researched finding from the audit reports replaces the computed one; for a protocol DefiLlama does not list, the factor is researched.",
  },
  track_record: {
    question: "time since launch, size, and drawdowns in our own TVL history.",
    computed:
      "Computed from data we refresh. Age: three years or more scores Low, one to three years Medium, under a year High. Size (the latest TVL): $1B or more Low, $100M Medium, $10M High, below Very High. The factor is the worse of the two, one step worse again when our own TVL history shows a fall of 50% or more from a peak. Age counts from the launch date we researched (the launch announcement, the fund's inception date; a month counts from its last day), else from DefiLlama's listing date. Without either date, or without a dated TVL figure, the factor is Unknown: an unknown age is missing data, not a young protocol. A researched finding replaces the computed one.",
  },
  regulation: {
    question: "the regulated entities involved and the jurisdiction.",
    steps: {
      Low: "the product is registered or authorised and its issuer or manager is supervised by a major regulator (SEC, FCA, BaFin, CSSF, FINMA, MAS, NYDFS, CBI …).",
      Medium:
        "regulated entities are involved (an SEC-registered adviser, a licensed transfer agent or broker) but the product is an exempt private placement (Reg D, Reg S, professional investors).",
      High: "only some parties regulated, an offshore or light regime, or a virtual-asset registration only.",
      "Very High": "no regulated entity identified.",
    },
  },
};

/** Every published version of the rule, newest first; the first is RATING_VERSION. */
export const RULE_VERSIONS: ReadonlyArray<{ version: string; date: string; change: string }> = [
  {
    version: RATING_VERSION,
    date: "2026-11-27",
    change:
      "missing data is no longer a finding: DefiLlama's 'no audit' flag and an unknown launch date leave the computed factor Unknown (scored as Very High) instead of High, and a researched finding may replace a computed one; every finding names its source's kind and tier and the date the document states, and sources on the never list are refused.",
  },
  { version: "1.0", date: "2026-11-25", change: "first published rule." },
];

/** The rule in four sentences, with the rule's own numbers (docs/methodology.md, "The rule"). */
export const RULE_STEPS: readonly string[] = [
  `A factor with evidence is evidenced. A protocol with fewer than ${word(MIN_EVIDENCED)} evidenced factors is 'Not rated': we do not guess.`,
  `Each factor scores 1 (Low) to ${RISK_STEPS.length} (Very High). Unknown scores ${scoreOf("Unknown")}, the same as Very High, so an unknown factor is never safer than any known assessment of it.`,
  `The overall score is the mean of the ${word(RISK_FACTORS.length)} scores, rounded half up to a step (1.5 is Medium, 2.5 High, 3.5 Very High).`,
  `Weakest link: the overall level is never more than ${word(WEAKEST_LINK_SPAN)} steps safer than the worst factor (one Very High factor makes the overall at least ${RISK_STEPS[RISK_STEPS.length - 1 - WEAKEST_LINK_SPAN]}).`,
];

/** What the rating is and is not (docs/methodology.md's opening), said the same on the page. */
export const ABOUT_THE_RATING = {
  summary:
    "RWA Atlas rates every protocol it lists on seven factors specific to tokenized real-world assets. Each factor carries the evidence behind it: a one-sentence finding in our own words, the page that states it, whether that page is a primary or a secondary source, the date the document states and the date we read it. The overall level is computed from the factors by the published rule below, so anyone can check it, disagree with a factor, and see what would change it.",
  is: "a structured, dated reading of public documents about how a product is built (what backs it, what a holder owns, who holds the assets, how money comes back out, the code, the track record, the regulators).",
  isNot:
    "investment advice, a credit rating, a prediction of default, or a statement about price. It is only as current as its evidence: each finding shows the date of its document and the date we read it, and a product can change after that. Nobody pays for a rating.",
} as const;

/** How a finding is written and sourced (docs/methodology.md, "Evidence rules"). */
export const EVIDENCE_RULES: readonly string[] = [
  "One sentence per factor, in our own words, specific (names the custodian, the T+n, the regulator, the auditor).",
  "The URL of the page that states it, never a homepage; the kind of document, its tier (primary or secondary), the date the document states (or 'undated') and the date we read it ('Fact sheet, 30 Sep 2026 · read on 27 Nov 2026 · primary'). The protocol page's Risk figure says what the level rests on: 'Evidence below · reviewed <day>', the day the row's evidence was reviewed.",
  "Only pages actually read. A fact found through a third party (defirisk.co, a news article) cites the original source it names.",
  "A primary source replaces a secondary one wherever one exists.",
  "No evidence, no assessment: the factor shows 'Unknown'.",
];

/** The opening of docs/methodology.md's "Sources" (the tiers themselves are data/source-tiers.json). */
export const SOURCES_INTRO =
  "Every finding names its source's tier. Primary sources are preferred; a secondary source stands only where no primary one states the fact. Some pages are never a source.";

/** What happens when no acceptable source states a factor (docs/methodology.md, "Sources"). */
export const NO_ACCEPTABLE_SOURCE =
  "When no acceptable source states a factor, we do not fall back on a page from the never list: the factor is Unknown, which scores as Very High, so a protocol never looks safer for what we could not verify.";

/** Documented coverage exceptions (docs/methodology.md, "Sources"; data/coverage-exceptions.json). */
export const COVERAGE_EXCEPTIONS = `Where a protocol falls short of the coverage the data check requires (enough evidenced factors, enough primary findings, a product) because no acceptable page could be reached, the gap is a documented exception: the rule, the reason, the pages checked and the day, in data/coverage-exceptions.json in the project's repository. The check refuses an exception once the rule passes without it. An exception never makes a rating: the protocol keeps the Unknown factors and the level ('Not rated' below ${word(MIN_EVIDENCED)} evidenced factors) that its evidence gives it.`;

/** The rating's change log (docs/methodology.md, "Changes"). */
export const CHANGE_RULES: readonly string[] = [
  "Every change of a factor's assessment or of the overall level is recorded with its date, the old and the new value, the reason (the new finding) and its source, in a table anyone can read.",
  "A review records the researched factors and the overall level it changes; the daily refresh records the computed factors (track record, audits) and the overall level, in the same transaction as the figures.",
  "Each protocol's Risk section lists its changes: 'Changed on <date>: <old> → <new>'.",
];
