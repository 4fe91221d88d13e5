import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The boundaries of docs/architecture.md, as eslint.config.js enforces them (decision 002).
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("lint boundaries", () => {
  it("lets a feature import the protocol types, but no other part of another feature", async () => {
    const file = "src/features/compare/probe.ts";
    expect(
      await problems(file, 'import type { Protocol } from "@/features/protocols/types";\nexport type P = Protocol;\n'),
    ).toEqual([]);
    const crossing = await problems(
      file,
      'import { parseProtocolRows } from "@/features/protocols/model";\nexport const p = parseProtocolRows;\n',
    );
    expect(crossing).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: .*Features do not import each other: compose compare and protocols/,
      ),
    ]);
    const relative = await problems(
      "src/features/protocols/probe.ts",
      'import { site } from "../waitlist/waitlist-messages";\nexport const s = site;\n',
    );
    expect(relative).toEqual([expect.stringMatching(/compose protocols and waitlist/)]);
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
});
