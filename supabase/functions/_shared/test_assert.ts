// Minimal assertions for the Deno tests. jsr:@std/assert cannot be fetched here and node:assert
// would make Deno resolve @types/node, so these few helpers keep the tests self-contained.
export class AssertionError extends Error {}

function show(value: unknown): string {
  return JSON.stringify(value, (_, v) => (v === undefined ? "<undefined>" : v));
}

export function ok(value: unknown, message = "expected a truthy value"): asserts value {
  if (!value) throw new AssertionError(message);
}

export function equal(actual: unknown, expected: unknown, message?: string): void {
  if (!Object.is(actual, expected))
    throw new AssertionError(message ?? `expected ${show(expected)}, got ${show(actual)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  if (canonical(actual) !== canonical(expected)) {
    throw new AssertionError(message ?? `expected ${show(expected)}, got ${show(actual)}`);
  }
}

export function match(actual: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(actual)) throw new AssertionError(message ?? `expected ${show(actual)} to match ${pattern}`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => {
    if (v === undefined) return "<undefined>";
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}
