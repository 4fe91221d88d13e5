// Every class attribute a unit test's page renders, checked for two Tailwind classes that set the
// same thing (h-9 and h-10, rounded-md and rounded-full, hidden and inline-flex). `cn` resolves no
// conflict (docs/decisions/021-class-names-without-merging.md), so in such a pair the stylesheet's
// order, not the component, would decide what shows. tailwind-merge, which knows Tailwind's
// groups, is the judge: the classes it would drop are the conflict.
import { twMerge } from "tailwind-merge";

/** A class attribute with a conflict, and the classes that lose it. */
export type ClassConflict = { classes: string; overridden: string };

const checked = new Set<string>();
let found: ClassConflict[] = [];

/** The classes of `value` that a later class in it overrides (none: []). */
export function overriddenClasses(value: string): string[] {
  const kept = new Set(twMerge(value).split(" "));
  return value.split(/\s+/).filter((name) => name !== "" && !kept.has(name));
}

/** The class attributes among `values` that hold a conflict, each with what loses it. */
export function classConflictsIn(values: Iterable<string>): ClassConflict[] {
  return [...values].flatMap((classes) => {
    const overridden = overriddenClasses(classes);
    return overridden.length > 0 ? [{ classes, overridden: overridden.join(" ") }] : [];
  });
}

/** One line per conflict, for a test's failure message. */
export function describeClassConflicts(conflicts: readonly ClassConflict[]): string {
  return conflicts.map(({ classes, overridden }) => `  "${classes}" (overridden: ${overridden})`).join("\n");
}

function check(value: string | null): void {
  if (value === null || checked.has(value)) return;
  checked.add(value);
  found.push(...classConflictsIn([value]));
}

function scan(node: Node): void {
  if (!(node instanceof Element)) return;
  check(node.getAttribute("class"));
  for (const element of node.querySelectorAll("[class]")) check(element.getAttribute("class"));
}

function take(records: MutationRecord[]): void {
  for (const record of records) {
    if (record.type === "attributes") check((record.target as Element).getAttribute("class"));
    else record.addedNodes.forEach(scan);
  }
}

// Made on first use: the e2e specs import overriddenClasses in Node, which has no MutationObserver.
let observer: MutationObserver | null = null;

/** Starts watching: every element added to the document, and every class attribute changed. */
export function watchClassConflicts(): void {
  found = [];
  scan(document.documentElement);
  observer ??= new MutationObserver(take);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
}

/** Stops watching; what was found since `watchClassConflicts`, each class list once. */
export function stopWatchingClassConflicts(): ClassConflict[] {
  if (observer !== null) {
    take(observer.takeRecords());
    observer.disconnect();
  }
  return found;
}
