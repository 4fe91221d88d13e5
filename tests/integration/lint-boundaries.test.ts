import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The boundaries of docs/architecture.md, as eslint.config.js enforces them (decision 002).
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("lint boundaries", () => {
  it("lets compare build on the protocols feature, and no feature import any other", async () => {
    // compare -> protocols: its pieces, helpers and types (decision 010).
    expect(
      await problems(
        "src/features/compare/probe.tsx",
        'import { RiskBadge } from "@/features/protocols/card/risk-badge";\nimport type { Protocol } from "../protocols/types";\nexport const b = (p: Protocol) => <RiskBadge level={p.riskLevel} />;\n',
      ),
    ).toEqual([]);
    // Never the other way.
    expect(
      await problems(
        "src/features/protocols/probe.ts",
        'import { useSelection } from "@/features/compare/use-selection";\nexport const u = useSelection;\n',
      ),
    ).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: .*features\/protocols may not import features\/compare: compose them in a page/,
      ),
    ]);
    // compare reaches no other feature; protocols and waitlist reach none at all, types included.
    expect(
      await problems(
        "src/features/compare/probe.ts",
        'import { useWaitlistDialog } from "../waitlist/waitlist-provider";\nexport const w = useWaitlistDialog;\n',
      ),
    ).toEqual([expect.stringMatching(/features\/compare may not import features\/waitlist/)]);
    expect(
      await problems(
        "src/features/protocols/probe.ts",
        'import { WAITLIST_MESSAGES } from "../waitlist/waitlist-messages";\nexport const s = WAITLIST_MESSAGES;\n',
      ),
    ).toEqual([expect.stringMatching(/features\/protocols may not import features\/waitlist/)]);
    expect(
      await problems(
        "src/features/waitlist/probe.ts",
        'import type { Protocol } from "@/features/protocols/model/types";\nexport type P = Protocol;\n',
      ),
    ).toEqual([expect.stringMatching(/features\/waitlist may not import features\/protocols/)]);
  });

  it("keeps local-api/ and the service-role key out of browser code, tests included", async () => {
    const api = await problems(
      "src/lib/probe.test.ts",
      'import { LOCAL_API_URL } from "../../local-api/defaults";\nexport const u = LOCAL_API_URL;\n',
    );
    expect(api).toEqual([expect.stringMatching(/local-api\/ is dev and test tooling/)]);
    // The Vite config may read the local API's public defaults, never its service key.
    const config =
      'import { LOCAL_API_URL } from "./local-api/defaults.ts";\nimport { LOCAL_SERVICE_ROLE_KEY } from "./local-api/service-key.ts";\nexport const k = [LOCAL_API_URL, LOCAL_SERVICE_ROLE_KEY];\n';
    expect(await problems("vite.config.ts", config)).toEqual([
      expect.stringMatching(/^no-restricted-imports: '.\/local-api\/service-key.ts'/),
    ]);
    const build = await problems(
      "build/probe.ts",
      'import { LOCAL_SERVICE_ROLE_KEY } from "../local-api/service-key.ts";\nexport const k = LOCAL_SERVICE_ROLE_KEY;\n',
    );
    expect(build).toEqual([expect.stringMatching(/The service-role key never goes near browser code/)]);
  });

  it("wants kebab-case file names, except Deno's _test files in the Edge Functions", async () => {
    expect(await problems("src/lib/BadName.ts", "export const x = 1;\n")).toEqual([
      "files/kebab-case: File name 'BadName.ts' is not kebab-case.",
    ]);
    expect(await problems("supabase/functions/add-to-waitlist/probe_test.ts", "export const x = 1;\n")).toEqual([]);
  });

  it("keeps lib/ and components/ below the features and pages (their tests may compose a feature)", async () => {
    expect(
      await problems(
        "src/lib/probe.ts",
        'import { RiskBadge } from "@/features/protocols/card/risk-badge";\nexport const b = RiskBadge;\n',
      ),
    ).toEqual([expect.stringMatching(/lib\/ and components\/ are shared code below the features, pages and app\//)]);
    expect(
      await problems(
        "src/components/probe.tsx",
        'import { HomePage } from "../pages/home";\nexport const h = HomePage;\n',
      ),
    ).toEqual([expect.stringMatching(/lib\/ and components\/ are shared code below the features, pages and app\//)]);
    expect(
      await problems(
        "src/components/probe.test.tsx",
        'import { RiskBadge } from "@/features/protocols/card/risk-badge";\nexport const b = RiskBadge;\n',
      ),
    ).toEqual([]);
  });

  it("wants semantic colour tokens outside components/ui, in className, cn() and template literals alike", async () => {
    const raw = /^no-restricted-syntax: Raw Tailwind palette colour: .*docs\/decisions\/004-tailwind-config\.md/;
    expect(
      await problems(
        "src/features/protocols/probe.tsx",
        'export const P = () => <p className="mt-2 text-slate-600">x</p>;\n',
      ),
    ).toEqual([expect.stringMatching(raw)]);
    // A variant, an opacity and white count too; one report per string.
    expect(
      await problems(
        "src/pages/probe.ts",
        'import { cn } from "@/lib/utils";\nexport const c = (on: boolean) => cn("p-2", on && "hover:bg-teal-800 ring-white/20");\n',
      ),
    ).toEqual([expect.stringMatching(raw)]);
    expect(
      await problems("src/components/probe.ts", "export const c = (n: number) => `bg-white/[0.04] p-${n}`;\n"),
    ).toEqual([expect.stringMatching(raw)]);
    // The old navy palette is gone from the tokens: its classes would draw in no colour.
    expect(await problems("src/pages/probe.ts", 'export const c = "hover:text-navy-900";\n')).toEqual([
      expect.stringMatching(raw),
    ]);
    // The semantic names pass, and so do words that merely contain a colour's name.
    expect(
      await problems(
        "src/features/protocols/probe.tsx",
        'export const P = () => <p className="text-subtle-foreground hover:bg-accent-hover ring-accent-foreground/20" title="Head-to-head, black-box">x</p>;\n',
      ),
    ).toEqual([]);
    // components/ui maps the tokens onto its primitives, and tailwind.config.ts defines them.
    expect(await problems("src/components/ui/probe.ts", 'export const c = "text-slate-600";\n')).toEqual([]);
    expect(await problems("tailwind.config.ts", 'export const c = "text-slate-600";\n')).toEqual([]);
  });

  it("keeps every source and test file to 300 lines, whatever its kind", async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join("\n");
    for (const file of ["src/lib/probe.ts", "src/pages/probe.test.tsx", "scripts/probe.mjs", "eslint-rules/probe.js"]) {
      expect({ file, problems: await problems(file, lines(300)) }).toEqual({ file, problems: [] });
      expect({ file, problems: await problems(file, lines(301)) }).toEqual({
        file,
        problems: ["max-lines: File has too many lines (301). Maximum allowed is 300."],
      });
    }
  });

  it("reports an import that leads back to its own file, through any chain", async () => {
    // scripts/data/csv.ts is imported by rules/history.ts; a csv.ts importing it closes a loop.
    const cycle = await problems(
      "scripts/data/csv.ts",
      'import { HISTORY_COLUMNS } from "./rules/history.ts";\nexport const h = HISTORY_COLUMNS;\n',
    );
    expect(cycle).toEqual([
      expect.stringMatching(
        /^imports\/no-cycle: Import cycle: scripts\/data\/csv.ts -> scripts\/data\/rules\/history.ts -> .*scripts\/data\/csv.ts/,
      ),
    ]);
    expect(
      await problems("scripts/data/probe.ts", 'import { parseCsv } from "./csv.ts";\nexport const p = parseCsv;\n'),
    ).toEqual([]);
  });
});
