// The waitlist `source` list lives twice: as a type in the browser (src/features/waitlist) and as
// the function's allow-list (supabase/functions/add-to-waitlist/lib/sources.ts), which drops any
// value it does not know. Neither side may import the other, so this test keeps them in step: a
// source added to the browser only would silently lose its attribution.
import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { WaitlistSource as BrowserSource } from "../../src/features/waitlist/waitlist-source.ts";
import {
  WAITLIST_SOURCES,
  type WaitlistSource as FunctionSource,
} from "../../supabase/functions/add-to-waitlist/lib/sources.ts";

describe("waitlist sources", () => {
  it("the browser's WaitlistSource type is exactly the function's allow-list (checked by tsc)", () => {
    expectTypeOf<BrowserSource>().toEqualTypeOf<FunctionSource>();
  });

  it("the browser's union names the same values as the function's list", () => {
    const text = readFileSync(new URL("../../src/features/waitlist/waitlist-source.ts", import.meta.url), "utf8");
    const union = /export type WaitlistSource\s*=([^;]+);/.exec(text)?.[1] ?? "";
    const browser = [...union.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(browser.length).toBeGreaterThan(0);
    expect([...browser].sort()).toEqual([...WAITLIST_SOURCES].sort());
  });
});
