// A problem one of the data files' checks reports, and how every command prints it.

/** A broken rule: the file's line, the column (or 'row', 'header', 'csv') and what is wrong. */
export type Problem = { line: number; column: string; message: string };

export function formatProblem(problem: Problem): string {
  return `line ${problem.line}, ${problem.column}: ${problem.message}`;
}
