// Rules over data/protocols.csv's TVL: the display figure, its dollars, day, source page and kind.
import {
  DEFILLAMA_SITE,
  formatTvl,
  SLUG_PATTERN,
} from "../../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { checkAsOf, checkEnum, checkUrl } from "./cells.ts";
import { NO_SOURCE_PAGE, parseTvl, TVL_SOURCES } from "./protocol-row.ts";
import type { Row } from "./row-rule.ts";

/** The TVL is a figure in millions or billions of dollars, or N/A. */
export function tvlIsAFigure({ cell, add }: Row) {
  const tvl = cell("tvl");
  if (tvl !== "" && tvl !== "N/A" && parseTvl(tvl) === null) {
    add(
      "tvl",
      `'${tvl}' is not a TVL: write $<number>M or $<number>B (e.g. $2.8B, $350M) or N/A, and say in notes when it is an estimate`,
    );
  }
}

/** The live TVL columns: slug, the figure as a number, its day, source page and kind. */
export function tvlIsSourced({ cell, todayMs, today, add }: Row) {
  const slug = cell("defillama_slug");
  if (slug !== "" && (!SLUG_PATTERN.test(slug) || slug.length > 100)) {
    add("defillama_slug", `'${slug}' is not a DefiLlama slug (lower case letters, digits, '.', '_' and '-')`);
  }
  const tvl = cell("tvl");
  const usdText = cell("tvl_usd");
  let usd: number | null = null;
  if (usdText !== "") {
    usd = /^[0-9]+(\.[0-9]+)?$/.test(usdText) ? Number(usdText) : null;
    if (usd === null || !(usd < 1e15))
      add("tvl_usd", `'${usdText}' is not an amount in US dollars (digits, optional decimals, no '$' or separators)`);
  }
  if (tvl === "N/A" && usdText !== "") add("tvl_usd", "must be empty when tvl is N/A");
  if (tvl !== "N/A" && parseTvl(tvl) !== null && usdText === "")
    add("tvl_usd", `is required when tvl is a figure (write the dollars ${tvl} stands for)`);
  if (usd !== null && parseTvl(tvl) !== null && formatTvl(usd) !== tvl && parseTvl(tvl) !== usd) {
    add("tvl_usd", `${usdText} does not match tvl ${tvl} (it formats as ${formatTvl(usd)})`);
  }
  const source = cell("tvl_source");
  checkEnum("tvl_source", source, TVL_SOURCES, add);
  checkUrl("tvl_source_url", cell("tvl_source_url"), add);
  if (cell("tvl_source_url") === "" && (source !== "curated" || !NO_SOURCE_PAGE.test(cell("notes")))) {
    add(
      "tvl_source_url",
      "is required: the page stating the figure (or, for a curated figure no page states, say in notes 'No page stating this figure is known')",
    );
  }
  if (source === "defillama") {
    if (slug === "") add("defillama_slug", "is required when tvl_source is defillama");
    else if (cell("tvl_source_url") !== `${DEFILLAMA_SITE}${slug}`)
      add("tvl_source_url", `must be ${DEFILLAMA_SITE}${slug} for a DefiLlama figure`);
  }
  checkAsOf("tvl_as_of", cell("tvl_as_of"), todayMs, today, false, add);
}
