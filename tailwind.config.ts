// The design tokens: one navy-and-teal palette for a calm, trustworthy financial look. Every
// foreground/background pair meets WCAG AA (4.5:1) for body text. Loaded by src/index.css with
// Tailwind 4's @config, and imported by scripts/og-image.ts so the preview image uses the same
// colours. Components use these semantic names only (docs/decisions/004-tailwind-config.md).
import type { Config } from "tailwindcss";

export const colors = {
  background: "#f6f8fb",
  foreground: "#0f172a",
  surface: "#ffffff",
  muted: "#eef2f7",
  "muted-foreground": "#475569",
  /** Badge text on a surface or muted background. */
  "secondary-foreground": "oklch(37.2% 0.044 257.287)",
  /** Icon buttons (close) at rest. */
  "subtle-foreground": "oklch(44.6% 0.043 257.281)",
  /** Placeholders and decorative icons. */
  placeholder: "oklch(55.4% 0.046 257.417)",
  border: "#dbe2ea",
  ring: "#0d9488",
  /** The dimmed page behind a dialog or drawer (used at 60%). */
  overlay: "oklch(12.9% 0.042 264.695)",

  primary: "#0b1d36",
  "primary-foreground": "#ffffff",
  accent: "#0f766e",
  "accent-foreground": "#ffffff",
  "accent-hover": "oklch(43.7% 0.078 188.216)",
  "accent-soft": "#ccfbf1",
  /** A light button on the navy hero and banner. */
  inverse: "#ffffff",
  "inverse-hover": "oklch(96.8% 0.007 247.896)",
  navy: { 900: "#0b1d36", 800: "#12294a", 700: "#1b3a63" },
  gold: "#f5c451",

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
