// A protocol's page slug, one rule for every runtime: the app's URLs (/protocols/<slug>, compare=),
// the build's prerendered pages and sitemap, and the feed's ?protocol=<slug>. It lives here because
// an Edge Function can only import files under supabase/functions; the app imports it from here
// (src/features/protocols/model/slug.ts), so the two can never disagree about a slug.

/** 'Ondo Finance (OUSG + USDY)' -> 'ondo-finance-ousg-usdy'; accents folded, never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "protocol";
}

/** Makes each slug unique in order of appearance: 'x', 'x-2', 'x-3'... */
export function uniqueSlugs(bases: readonly string[]): string[] {
  const taken = new Set<string>();
  return bases.map((base) => {
    let candidate = base;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/**
 * Slugs a protocol had before a rename (the slug follows the name), so an old link or bookmark
 * still reaches the page: former slug -> current slug.
 */
export const FORMER_SLUGS: Readonly<Record<string, string>> = {
  // Renamed 2026-11-25 after its sources (DefiLlama's 'Invesco USTB'; Invesco manages the fund).
  "superstate-ustb": "invesco-ustb-superstate",
};
