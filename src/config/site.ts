// Product identity and the specification's business constants, named once.
import { DEFAULT_LAUNCH_TARGET } from "@/lib/launch-target";

function override(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}

export const site = {
  productName: override(import.meta.env.VITE_PRODUCT_NAME, "RWA Atlas"),
  contactEmail: override(import.meta.env.VITE_CONTACT_EMAIL, "hello@rwaatlas.com"),
  /**
   * The waitlist field's placeholder (a configuration value). An example
   * address, not ours: the contact address there read as if the field were already filled in.
   */
  emailPlaceholder: "you@example.com",
  /**
   * 'Data as of …' when the loaded rows carry no TVL dates (an older backend), and in the
   * prerendered shell before data arrives. vite.config.ts defaults it to the month of the newest
   * tvl_as_of in data/protocols.csv (what the seed serves); VITE_DATA_AS_OF overrides it.
   */
  dataAsOf: override(import.meta.env.VITE_DATA_AS_OF, "October 2025"),
  /** When the privacy policy last changed (its own date: the data's month moves daily now). */
  privacyPolicyUpdated: "October 2025",
  /**
   * When the analytics platform opens (Q1 2026 unless configured: docs/product.md, 'The waitlist'); VITE_LAUNCH_TARGET overrides it. Shown
   * through useLaunchTarget(), which says 'opening soon' once the period is over.
   */
  launchTarget: override(import.meta.env.VITE_LAUNCH_TARGET, DEFAULT_LAUNCH_TARGET),
} as const;

export const MAX_COMPARED = 3;
export const FIRST_GRID_SIZE = 9;
export const SECOND_GRID_VISIBLE = 3;
export const SECOND_GRID_FADED = 3;
export const SECOND_GRID_MAX_HEIGHT_PX = 600;
export const FLOATING_BUTTON_SCROLL_PX = 400;
export const CARD_MAX_BLOCKCHAINS = 3;
export const BANNER_DISMISSED_KEY = "rwa-atlas:banner-dismissed";

export { ASSET_CLASSES, BLOCKCHAINS, OTHER, RISK_LEVELS, UNCLASSIFIED } from "@/config/domain";
export type { RiskLevel } from "@/config/domain";

/** The value of a filter select that disables the filter. */
export const ALL = "all";
