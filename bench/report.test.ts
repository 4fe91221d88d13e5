import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { END, percentile, row, START, table, writeReport } from "./report";

const dir = mkdtempSync(path.join(tmpdir(), "bench-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeReport", () => {
  test("rewrites only the generated section, keeping the hand-written text around it", () => {
    const file = path.join(dir, "performance.md");
    writeFileSync(file, `# Intro\n\nHand-written.\n\n${START}\nold figures\n${END}\n\n## After\n`);
    const rows = [row("Bytes", "Initial JS", "170.0 KB gzip", { target: "<= 160.0 KB gzip", pass: false })];
    writeReport(file, table(rows));
    writeReport(file, table(rows));
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("# Intro\n\nHand-written.\n\n")).toBe(true);
    expect(text).not.toContain("old figures");
    expect(text.match(/bench:start/g)).toHaveLength(1);
    expect(text).toMatch(/\| Bytes +\| Initial JS +\| 170\.0 KB gzip +\| +\| <= 160\.0 KB gzip +\| FAIL +\|/);
    expect(text.trimEnd().endsWith("## After")).toBe(true);
  });
});

describe("row", () => {
  test("a failed budget is FAIL, a missed goal is miss, a figure without a check is -", () => {
    expect(row("s", "m", "1", { pass: false }).verdict).toBe("FAIL");
    expect(row("s", "m", "1", { pass: false, goal: true }).verdict).toBe("miss");
    expect(row("s", "m", "1").verdict).toBe("-");
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
