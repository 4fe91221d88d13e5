import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (conditionals, arrays, objects). It resolves no Tailwind conflict: a component
 * gives every look it takes as a variant or prop, and a className only adds classes no variant sets
 * (docs/decisions/021-class-names-without-merging.md). tests/setup.ts fails a test whose page renders
 * two classes that set the same thing.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
