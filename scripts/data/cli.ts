import { parseArgs } from "node:util";
import { parseIsoDate, todayUtc } from "./rules/cells.ts";

export type CommonArgs = { today: string; todayGiven: boolean; values: Record<string, string | boolean | undefined> };

/**
 * Parses the flags the data commands share. --today evaluates the rules as of another date, so the
 * owner can review a dated snapshot; without it the real clock is used.
 */
export function parseCommonArgs(
  argv: string[],
  extra: Record<string, { type: "boolean" | "string" }> = {},
  now: () => Date = () => new Date(),
): CommonArgs {
  const { values } = parseArgs({ args: argv, options: { today: { type: "string" }, ...extra }, strict: true });
  const given = typeof values.today === "string";
  const today = given ? (values.today as string) : todayUtc(now());
  if (parseIsoDate(today) === null)
    throw new UsageError(`--today must be a real date in YYYY-MM-DD form, got '${today}'`);
  return { today, todayGiven: given, values: values as CommonArgs["values"] };
}

export class UsageError extends Error {}

/** Runs a command's main, turning expected failures into one line on stderr and exit code 1. */
export function run(main: () => Promise<number> | number) {
  Promise.resolve()
    .then(main)
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    });
}
