import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxesOverlap, lineSegments, placeMoveLabel, segmentHitsBox, type Box, type Segment } from "./history-labels";

const PLOT: Box = { left: 0, top: 0, right: 600, bottom: 300 };
const LABEL = { width: 48, height: 16 };

describe("segmentHitsBox", () => {
  const box: Box = { left: 10, top: 10, right: 20, bottom: 20 };
  it("sees a segment through the box, one ending inside it, and a point inside it", () => {
    expect(segmentHitsBox([0, 15, 30, 15], box)).toBe(true);
    expect(segmentHitsBox([15, 0, 15, 12], box)).toBe(true);
    expect(segmentHitsBox([0, 0, 30, 30], box)).toBe(true);
    expect(segmentHitsBox([15, 15, 15, 15], box)).toBe(true);
  });
  it("misses a segment beside, above or cutting past a corner", () => {
    expect(segmentHitsBox([0, 25, 30, 25], box)).toBe(false);
    expect(segmentHitsBox([25, 0, 25, 30], box)).toBe(false);
    expect(segmentHitsBox([0, 8, 8, 0], box)).toBe(false);
    expect(segmentHitsBox([5, 5, 5, 5], box)).toBe(false);
  });
});

describe("lineSegments", () => {
  it("joins consecutive points and breaks the line at a null", () => {
    expect(lineSegments([[[0, 0], [10, 5], null, [20, 5], [30, 0]]])).toEqual([
      [0, 0, 10, 5],
      [20, 5, 30, 0],
    ]);
  });
});

describe("placeMoveLabel", () => {
  it("puts the label above a point on a flat line", () => {
    const line: Segment[] = [[0, 150, 600, 150]];
    const box = placeMoveLabel({ x: 300, y: 150 }, LABEL, line, [], PLOT)!;
    expect(box.bottom).toBeLessThanOrEqual(140);
    expect(box.left + LABEL.width / 2).toBe(300);
  });

  it("moves below when the line climbs through the space above the point (a jump up to it)", () => {
    // A vertical-ish rise into the point from below and a steep fall on to it from above.
    const line: Segment[] = [
      [250, 280, 300, 150],
      [300, 150, 300, 20],
      [300, 20, 350, 20],
    ];
    const box = placeMoveLabel({ x: 300, y: 150 }, LABEL, line, [], PLOT);
    expect(box).not.toBeNull();
    expect(line.some((segment) => segmentHitsBox(segment, box!))).toBe(false);
  });

  it("keeps clear of the rings around moves (its own included): a ring is a box already placed", () => {
    const ring = (x: number, y: number): Box => ({ left: x - 7, top: y - 7, right: x + 7, bottom: y + 7 });
    const rings = [ring(300, 150), ring(330, 120)];
    const box = placeMoveLabel({ x: 300, y: 150 }, LABEL, [[0, 150, 600, 150]], rings, PLOT)!;
    expect(rings.some((other) => boxesOverlap(box, other))).toBe(false);
    // Above, the next move's ring is in the way: the label goes below, clear of its own ring.
    expect(box.top).toBeGreaterThanOrEqual(150 + 7);
  });

  it("keeps clear of labels already placed and of the plot's edges, or gives up", () => {
    const placed = [{ left: 276, top: 124, right: 324, bottom: 140 }];
    const box = placeMoveLabel({ x: 300, y: 150 }, LABEL, [[0, 150, 600, 150]], placed, PLOT)!;
    expect(boxesOverlap(box, placed[0]!)).toBe(false);
    // At the very top left corner with the line along both edges, nothing fits.
    const cornered: Segment[] = [
      [0, 30, 600, 30],
      [40, 0, 40, 300],
    ];
    expect(placeMoveLabel({ x: 40, y: 30 }, LABEL, cornered, [], { left: 0, top: 0, right: 80, bottom: 60 })).toBe(
      null,
    );
  });

  it("never covers the line, whatever its shape: a placed label misses every segment and stays in the plot", () => {
    const point = fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 300 }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 40 }), fc.nat(), (raw, pick) => {
        const points = [...raw].sort((a, b) => a[0] - b[0]);
        const segments = lineSegments([points]);
        const [x, y] = points[pick % points.length]!;
        const box = placeMoveLabel({ x, y }, LABEL, segments, [], PLOT);
        if (box === null) return;
        expect(segments.some((segment) => segmentHitsBox(segment, box))).toBe(false);
        expect(box.left >= PLOT.left && box.right <= PLOT.right && box.top >= PLOT.top).toBe(true);
        expect(box.bottom).toBeLessThanOrEqual(PLOT.bottom);
      }),
      { numRuns: 300 },
    );
  });
});
