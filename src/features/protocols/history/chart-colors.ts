import { colors } from "../../../../tailwind.config.ts";

/** A token ('#0f766e' or 'oklch(55.4% 0.046 257.417)') at `alpha` opacity, as a canvas reads it. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex)
    return `rgba(${hex
      .slice(1)
      .map((part) => parseInt(part, 16))
      .join(", ")}, ${alpha})`;
  return color.replace(/\)$/, ` / ${alpha})`);
}

// A canvas takes colours, not classes: the design tokens' values (tailwind.config.ts).
export const LINE = colors.accent;
export const FILL = withAlpha(colors.accent, 0.12);
export const AXIS = colors["muted-foreground"]; // 7:1 on white
export const GRID = colors.border;
export const MISSING = withAlpha(colors.placeholder, 0.1); // faint: a band, not a figure
export const JUMP = colors.warning; // 5:1 on white
export const POINT_RING = colors.surface;
