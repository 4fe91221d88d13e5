import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { moduleOf } from "./composition";
import { END, START, writeReport, type ReportInput } from "./report";
import { percentile } from "./util";

const dir = mkdtempSync(path.join(tmpdir(), "bench-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const input: ReportInput = {
  rows: [
    {
      section: "Bytes",
      metric: "Initial JS",
      value: "170.0 KB gzip",
      target: "<= 160.0 KB gzip",
      verdict: "FAIL",
      kind: "budget",
    },
  ],
  machine: {
    cpu: "Test CPU",
    cores: 2,
    memoryGb: 8,
    node: "v22",
    os: "Linux",
    chromium: "Chromium 1",
    date: "2026-01-01T00:00:00Z",
    loadAtStart: 0.1,
  },
  durationS: 1,
  errors: [],
};

describe("writeReport", () => {
  test("rewrites only the generated section, keeping the hand-written text around it", () => {
    const file = path.join(dir, "performance.md");
    writeFileSync(file, `# Intro\n\nHand-written.\n\n${START}\nold figures\n${END}\n\n## After\n`);
    writeReport(file, input);
    writeReport(file, input);
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("# Intro\n\nHand-written.\n\n")).toBe(true);
    expect(text).not.toContain("old figures");
    expect(text.match(/bench:start/g)).toHaveLength(1);
    expect(text).toContain("| Bytes | Initial JS | 170.0 KB gzip |  | <= 160.0 KB gzip | FAIL |");
    expect(text).toContain("**Budgets failing (1):**");
    expect(text.trimEnd().endsWith("## After")).toBe(true);
  });
});

describe("composition", () => {
  test("names scoped packages and source files", () => {
    expect(moduleOf("../../node_modules/@supabase/auth-js/dist/module/x.js")).toBe("@supabase/auth-js");
    expect(moduleOf("../../src/pages/home.tsx")).toBe("src/pages/home.tsx");
  });
});

describe("percentile", () => {
  test("median of an even count is the mean of the middle two; p95 is nearest-rank", () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
  });
});
