// The unit project shares one module graph per worker (vite.config.ts, `isolate: false`). A file
// that mocks a module, fakes the clock or stubs globals or env must run isolated instead: this
// keeps tests/isolated-unit-tests.ts complete, and free of files that no longer need it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_UNIT_TESTS } from "../isolated-unit-tests";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;

function unitTestFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return unitTestFiles(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the unit tests that run isolated", () => {
  const files = unitTestFiles("src");
  const needing = files.filter((file) => NEEDS_ISOLATION.test(readFileSync(path.join(ROOT, file), "utf8")));

  it("include every file that mocks a module, fakes the clock or stubs globals or env", () => {
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !ISOLATED_UNIT_TESTS.includes(file))).toEqual([]);
  });

  it("name only existing files that still need it", () => {
    expect(ISOLATED_UNIT_TESTS.filter((file) => !needing.includes(file))).toEqual([]);
  });
});
