// Rules over data/protocols.csv's notes (issue 33): a reviewed row's notes are short labelled lines,
// one a line ('Minimum: …'), each URL written once as a link [host or short label](https://…).
// A tracked row's note is the refresh's sentence (supabase/functions/refresh-protocols/lib/tracked.ts),
// held only to the rule every note keeps: no raw URL.
import { noteLineProblems } from "../../../src/lib/note-lines.ts";
import type { Row } from "./row-rule.ts";

export function notesAreLabelledLines({ cell, tracked, add }: Row) {
  const notes = cell("notes");
  // Required from the review that wrote the notes as lines on: an older snapshot (a test fixture, a
  // historical review with --today) predates it, and the 120-day rule brings every row to a review.
  if (notes === "" || (!tracked && cell("as_of") < NOTE_LINES_SINCE)) return;
  for (const problem of noteLineProblems(notes)) {
    if (tracked && !problem.includes("raw URL")) continue;
    add("notes", problem);
  }
}

/** The review whose rows were first written as labelled lines (issue 33). */
const NOTE_LINES_SINCE = "2026-11-25";
