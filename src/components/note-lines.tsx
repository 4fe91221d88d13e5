import { Fragment } from "react";
import { parseNoteLines, type NotePart } from "@/lib/note-lines";

function Part({ part }: { part: NotePart }) {
  // data:check writes every link https; anything else stays text, never a link.
  if (part.href === undefined || !/^https:\/\/[^\s]+$/.test(part.href)) return <>{part.text}</>;
  return (
    <a
      href={part.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${part.text} (opens in a new tab)`}
      className="rounded-sm font-medium [overflow-wrap:anywhere] text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {part.text}
    </a>
  );
}

/**
 * A protocol's notes on its figures as short labelled lines ('Minimum: …'), each link named by its
 * host or a short label: a description list, a label beside its text from 640 px, above it on a
 * phone; `stacked` (a narrow column): 'Label: text' a line. Notes without labels (a tracked row's) are plain lines; a stray unlabelled line among
 * labelled ones is a 'Note'.
 */
export function NoteLines({ notes, stacked = false }: { notes: string; stacked?: boolean }) {
  const lines = parseNoteLines(notes);
  const text = (parts: NotePart[]) => parts.map((part, at) => <Part key={at} part={part} />);
  if (lines.every((line) => line.label === null))
    return (
      <div className="space-y-1.5">
        {lines.map((line, index) => (
          <p key={index}>{text(line.parts)}</p>
        ))}
      </div>
    );
  if (stacked)
    return (
      <dl className="space-y-1">
        {lines.map((line, index) => (
          <div key={index}>
            <dt className="inline font-semibold text-foreground">{line.label ?? "Note"}: </dt>
            <dd className="inline [overflow-wrap:anywhere]">{text(line.parts)}</dd>
          </div>
        ))}
      </dl>
    );
  return (
    <dl className="grid gap-x-3 gap-y-1.5 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)]">
      {lines.map((line, index) => (
        <Fragment key={index}>
          <dt className="font-semibold text-foreground">{line.label ?? "Note"}</dt>
          <dd className="[overflow-wrap:anywhere]">{text(line.parts)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
