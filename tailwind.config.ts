// The design tokens: one navy-and-teal palette for a calm, trustworthy financial look. Every
// foreground/background pair meets WCAG AA (4.5:1) for body text. Loaded by src/index.css with
// Tailwind 4's @config, and imported by scripts/og-image.ts so the preview image uses the same
// colours. Components use these semantic names only, and lint forbids raw palette classes such as
// text-slate-600 in src/ (docs/decisions/004-tailwind-config.md). A token's value is the exact colour it
// replaced (Tailwind 4's oklch value for a palette shade), so several roles may share one value.
import type { Config } from "tailwindcss";

export const colors = {
  background: "#f6f8fb",
  foreground: "#0f172a",
  surface: "#ffffff",
  muted: "#eef2f7",
  "muted-foreground": "#475569",
  /** Secondary text on a surface or muted background: descriptions, body copy, badges. */
  "secondary-foreground": "oklch(37.2% 0.044 257.287)",
  /** Small labels and captions, and icon buttons (close) at rest. */
  "subtle-foreground": "oklch(44.6% 0.043 257.281)",
  /** Placeholders, faint hints and decorative icons. */
  placeholder: "oklch(55.4% 0.046 257.417)",
  /** Empty-state icons, the dash of a missing value, a strike-through: marks, never words (2.6:1 on white). */
  "faint-foreground": "oklch(70.4% 0.04 256.788)",
  /** Body text inside a tinted callout (accent-soft, warning). */
  "callout-foreground": "oklch(27.9% 0.041 260.031)",
  /** A note set apart from the surface (the tracked-not-rated note). */
  "surface-subtle": "oklch(98.4% 0.003 247.858)",
  border: "#dbe2ea",
  /** Dashed outlines and a card's hovered border. */
  "border-strong": "oklch(86.9% 0.022 252.894)",
  /** The compare checkbox's box, and its button's hovered border. */
  "control-border": "oklch(70.4% 0.04 256.788)",
  /** The border of a field marked aria-invalid. */
  "field-invalid": "oklch(63.7% 0.237 25.331)",
  ring: "#0d9488",
  /** The dimmed page behind a dialog or drawer (used at 60%). */
  overlay: "oklch(12.9% 0.042 264.695)",

  /** The navy: the hero, banner, footer and promo, headings, and the default button. */
  primary: "#0b1d36",
  "primary-foreground": "#ffffff",
  /** The default button's hover. */
  "primary-hover": "#1b3a63",
  accent: "#0f766e",
  "accent-foreground": "#ffffff",
  "accent-hover": "oklch(43.7% 0.078 188.216)",
  "accent-soft": "#ccfbf1",
  /** Text on accent-soft; the tint of the accent button's shadow. */
  "accent-strong": "oklch(38.6% 0.063 188.416)",
  /** The border of an accent-soft callout. */
  "accent-border": "oklch(91% 0.096 180.426)",
  /** A light button on the navy hero and banner. */
  inverse: "#ffffff",
  "inverse-hover": "oklch(96.8% 0.007 247.896)",

  // On the navy (primary) surface: the hero, banner, footer, selection bar and promo. Lines and
  // fills there are primary-foreground (white) at 4-20%.
  /** Links and secondary copy on navy. */
  "primary-secondary-foreground": "oklch(92.9% 0.013 255.508)",
  /** Body copy on navy. */
  "primary-muted-foreground": "oklch(86.9% 0.022 252.894)",
  /** Fine print and figure labels on navy. */
  "primary-subtle-foreground": "oklch(70.4% 0.04 256.788)",
  /** A link's underline at rest on navy. */
  "primary-underline": "oklch(55.4% 0.046 257.417)",
  /** The announcement banner's text. */
  "banner-foreground": "oklch(96.8% 0.007 247.896)",
  /** The accent drawn on navy: highlighted words, icons, the hero's dot. */
  "primary-accent": "oklch(85.5% 0.138 181.071)",
  /** Accent tint on navy, used at 10-30% (pills, icon tiles, the selection count). */
  "primary-accent-soft": "oklch(77.7% 0.152 181.912)",
  /** Text on primary-accent-soft. */
  "primary-accent-soft-foreground": "oklch(91% 0.096 180.426)",
  /** The focus outline on navy. */
  "primary-ring": "oklch(85.5% 0.138 181.071)",
  /** A bright button on navy (the selection bar's), with primary text. */
  "primary-action": "oklch(70.4% 0.14 182.503)",
  "primary-action-hover": "oklch(77.7% 0.152 181.912)",
  /** The gold on navy: the wordmark's third bar, the banner's sparkle, the promo's pill (with primary text). */
  "primary-highlight": "#f5c451",
  /** A lighter navy: the preview image's gradient and its mark's tile (scripts/og-image.ts). */
  "primary-raised": "#12294a",
  /** The wordmark's two teal bars (the third is primary-highlight). */
  "mark-low": "oklch(85.5% 0.138 181.071)",
  "mark-mid": "oklch(77.7% 0.152 181.912)",

  /** The compared protocols' key colours, one per slot, each with white text (AA). */
  "slot-1": "oklch(51.1% 0.096 186.391)",
  "slot-2": "oklch(45.7% 0.24 277.023)",
  "slot-3": "oklch(55.5% 0.163 48.998)",
  "slot-foreground": "#ffffff",

  /** The comparison's best value: the 'Best' tag, and a check icon. */
  success: "oklch(50.8% 0.118 165.612)",
  "success-foreground": "#ffffff",
  /** The best value's cell. */
  "success-soft": "oklch(97.9% 0.021 166.113)",

  /** Warning icons and notes on a surface (the tooltip's jump line, an expired link). */
  warning: "oklch(55.5% 0.163 48.998)",
  /** Warning text on a surface or warning-subtle (a jump's label and table cell). */
  "warning-foreground": "oklch(47.3% 0.137 46.201)",
  /** The 'Stale' badge, with warning-soft-foreground text. */
  "warning-soft": "oklch(96.2% 0.059 95.617)",
  "warning-soft-foreground": "oklch(41.4% 0.112 45.904)",
  /** A jump label's background, with warning-border-strong around it. */
  "warning-subtle": "oklch(98.7% 0.022 95.277)",
  "warning-border-strong": "oklch(87.9% 0.169 91.605)",
  /** The border of a warning callout (the comparison limit). */
  "warning-border": "oklch(92.4% 0.12 95.746)",

  /** Error text and icons on a surface. */
  danger: "oklch(50.5% 0.213 27.518)",
  /** A load error's box: background, border, heading and message. */
  "danger-soft": "oklch(97.1% 0.013 17.38)",
  "danger-border": "oklch(88.5% 0.062 18.334)",
  "danger-heading": "oklch(39.6% 0.141 25.723)",
  "danger-soft-foreground": "oklch(44.4% 0.177 26.899)",

  "risk-low-bg": "#dcfce7",
  "risk-low-fg": "#166534",
  "risk-medium-bg": "#fef3c7",
  "risk-medium-fg": "#854d0e",
  "risk-high-bg": "#ffedd5",
  "risk-high-fg": "#9a3412",
  "risk-veryhigh-bg": "#fee2e2",
  "risk-veryhigh-fg": "#991b1b",
} as const;

export default {
  theme: {
    extend: {
      colors,
      fontFamily: {
        sans: [
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          '"Helvetica Neue"',
          "Arial",
          '"Noto Sans"',
          "sans-serif",
        ],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", '"Liberation Mono"', "monospace"],
      },
      borderRadius: { sm: "0.375rem", md: "0.5rem", lg: "0.75rem", xl: "1rem" },
    },
  },
} satisfies Config;
