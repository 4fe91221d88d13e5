import { describe, expect, test } from "vitest";
import { planKeystrokes } from "./keystrokes";

const synthetic = Array.from({ length: 10_000 }, (_, i) => `Synthetic Protocol ${String(i + 1).padStart(6, "0")}`);

function count(names: string[], query: string): number {
  const q = query.trim().toLowerCase();
  return names.filter((n) => n.toLowerCase().includes(q)).length;
}

describe("planKeystrokes", () => {
  test("every key changes the count, none empties the list, and the expected counts follow the spec's rule", () => {
    const plan = planKeystrokes(synthetic, 20);
    expect(plan).toHaveLength(20);
    let previous = synthetic.length;
    let query = "";
    for (const key of plan) {
      query = key.key === "Backspace" ? query.slice(0, -1) : query + key.key;
      expect(key.query).toBe(query);
      expect(key.expected).toBe(count(synthetic, query));
      expect(key.expected).not.toBe(previous);
      expect(key.expected).toBeGreaterThan(0);
      previous = key.expected;
    }
    expect(plan.some((k) => k.key === "Backspace")).toBe(true);
  });

  test("is deterministic", () => {
    expect(planKeystrokes(synthetic, 20)).toEqual(planKeystrokes(synthetic, 20));
  });

  test("refuses data where no key can change the count", () => {
    expect(() => planKeystrokes(["A", "A"], 3)).toThrow(/too uniform/);
  });
});
