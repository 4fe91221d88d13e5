// Rules over data/protocols.csv's notes (issue 33): a reviewed row's notes are short labelled lines,
// one a line ('Minimum: …'), each URL written once as a link [host or short label](https://…).
// A tracked row's note is the refresh's sentence (supabase/functions/refresh-protocols/lib/tracked.ts),
// held only to the rule every note keeps: no raw URL.
import { noteLineProblems } from "../../../src/lib/note-lines.ts";
import type { Row } from "./row-rule.ts";

export function notesAreLabelledLines({ cell, tracked, add }: Row) {
  const notes = cell("notes");
  if (notes === "") return;
  for (const problem of noteLineProblems(notes)) {
    if (tracked && !problem.includes("raw URL")) continue;
    add("notes", problem);
  }
}
