// Where a history chart puts the label of a large move (history-rules.ts: a move of more than 50%)
// so that it never covers the line. Pure geometry in CSS pixels; the chart passes the line as the
// segments it draws (both ends of a yield range), the plot's box and the labels already placed.

export type Box = { left: number; top: number; right: number; bottom: number };
/** A drawn segment, x1, y1 to x2, y2. */
export type Segment = readonly [number, number, number, number];

/** Whether two boxes overlap (touching edges do not). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

/** Whether a segment passes through a box (an end inside it counts). Liang-Barsky clipping. */
export function segmentHitsBox([x1, y1, x2, y2]: Segment, box: Box): boolean {
  const dx = x2 - x1;
  const dy = y2 - y1;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, x1 - box.left],
    [dx, box.right - x1],
    [-dy, y1 - box.top],
    [dy, box.bottom - y1],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false; // parallel to this edge and outside it
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** The segments between consecutive drawn points of each line; a null value breaks the line. */
export function lineSegments(lines: ReadonlyArray<ReadonlyArray<readonly [number, number] | null>>): Segment[] {
  return lines.flatMap((points) =>
    points.flatMap((point, i) => {
      const previous = points[i - 1];
      return point && previous ? [[previous[0], previous[1], point[0], point[1]] as const] : [];
    }),
  );
}

/**
 * From a move's point to its label: clear of the point's own ring (radius 6 and half its stroke,
 * which the chart passes as a box already placed) with MARGIN to spare.
 */
const OFFSET = 12;
/** Room kept around a label: more than half the line's width (2) and a lone point's radius (3). */
const MARGIN = 4;

/**
 * Where a move's label goes: the first of above, below, and the four corners, then right and
 * left of its point whose box (with a small margin) stays inside `bounds` and covers no segment of
 * the line and no label already placed. Null when none does: the label is then left out (the ring
 * stays, and the chart's 'Show data' table lists every move).
 */
export function placeMoveLabel(
  anchor: { x: number; y: number },
  size: { width: number; height: number },
  segments: readonly Segment[],
  placed: readonly Box[],
  bounds: Box,
): Box | null {
  const { x, y } = anchor;
  const { width, height } = size;
  const halfWidth = width / 2;
  const candidates: Array<[left: number, top: number]> = [
    [x - halfWidth, y - OFFSET - height], // above
    [x - halfWidth, y + OFFSET], // below
    [x + OFFSET, y - OFFSET - height], // above right
    [x - OFFSET - width, y - OFFSET - height], // above left
    [x + OFFSET, y + OFFSET], // below right
    [x - OFFSET - width, y + OFFSET], // below left
    [x + OFFSET, y - height / 2], // right
    [x - OFFSET - width, y - height / 2], // left
  ];
  for (const [left, top] of candidates) {
    const box = { left, top, right: left + width, bottom: top + height };
    if (box.left < bounds.left || box.right > bounds.right || box.top < bounds.top || box.bottom > bounds.bottom)
      continue;
    const padded = { left: left - MARGIN, top: top - MARGIN, right: box.right + MARGIN, bottom: box.bottom + MARGIN };
    if (segments.some((segment) => segmentHitsBox(segment, padded))) continue;
    if (placed.some((other) => boxesOverlap(padded, other))) continue;
    return box;
  }
  return null;
}
