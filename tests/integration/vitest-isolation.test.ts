// The unit and integration projects share one module graph per worker (vite.config.ts,
// `isolate: false`). A unit file that mocks a module, fakes the clock or stubs globals or env must
// run isolated instead: this keeps tests/isolated-unit-tests.ts complete, and free of files that no
// longer need it. The integration files have no isolated project: none may do any of it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_UNIT_TESTS } from "../isolated-unit-tests";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;
// Also an assignment to the process's own environment, which every later file would see.
const CHANGES_SHARED_STATE = new RegExp(
  `${NEEDS_ISOLATION.source}|\\bprocess\\.env(\\.\\w+|\\[[^\\]]+\\])\\s*=[^=]|delete process\\.env`,
);
// vite.config.ts's integration project.
const INTEGRATION_DIRS = ["tests/integration", "local-api", "scripts", "bench", "build"];

function testFilesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFilesUnder(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the unit tests that run isolated", () => {
  const files = testFilesUnder("src");
  const needing = files.filter((file) => NEEDS_ISOLATION.test(readFileSync(path.join(ROOT, file), "utf8")));

  it("include every file that mocks a module, fakes the clock or stubs globals or env", () => {
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !ISOLATED_UNIT_TESTS.includes(file))).toEqual([]);
  });

  it("name only existing files that still need it", () => {
    expect(ISOLATED_UNIT_TESTS.filter((file) => !needing.includes(file))).toEqual([]);
  });
});

describe("the integration tests, in one shared module graph", () => {
  const files = INTEGRATION_DIRS.flatMap(testFilesUnder);
  const reading = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

  it("are all found (the directories the integration project includes)", () => {
    expect(files).toContain("tests/integration/vitest-isolation.test.ts");
    expect(files.length).toBeGreaterThan(50);
  });

  it("mock no module, fake no clock and stub or assign no global and no env", () => {
    // (This file names each way below, as examples.)
    const others = files.filter((file) => file !== "tests/integration/vitest-isolation.test.ts");
    expect(others.filter((file) => CHANGES_SHARED_STATE.test(reading(file)))).toEqual([]);
  });

  it("the rule sees each way of doing so", () => {
    for (const line of [
      'vi.mock("x")',
      "vi.useFakeTimers()",
      'vi.stubEnv("A", "1")',
      'process.env.LOCAL_API_PORT = "1"',
      'process.env["A"] = "1"',
      "delete process.env.A",
    ]) {
      expect(CHANGES_SHARED_STATE.test(line), line).toBe(true);
    }
    expect(CHANGES_SHARED_STATE.test('process.env.A === "1"')).toBe(false);
  });
});
