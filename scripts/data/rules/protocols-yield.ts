// Rules over data/protocols.csv's yield: its figures, day, source page and kind.
import {
  formatYieldRange,
  isDefillamaYieldsUrl,
  MAX_APY,
  projectYieldsUrl,
} from "../../../supabase/functions/refresh-protocols/lib/yields.ts";
import { isDocumentDate, PRODUCT_SOURCE_KINDS, UNDATED } from "../../../src/lib/product-sources.ts";
import { checkAsOf, checkEnum, checkUrl } from "./cells.ts";
import { YIELD_SOURCES } from "./protocol-row.ts";
import type { Row } from "./row-rule.ts";

/**
 * The yield's provenance. A DefiLlama yield has its numbers, day and DefiLlama page,
 * and its text is the numbers' range; a curated one cites the page that states it, the day it was
 * read (yield_as_of), the page's own date and its kind. A yield with no
 * yield_source ('Unknown', 'N/A', or an older, unsourced figure) carries none of the yield_*
 * figures: the row's as_of and notes speak for it.
 */
export function yieldIsSourced({ cell, todayMs, today, add }: Row) {
  const number = (column: "yield_apy_min" | "yield_apy_max"): number | null => {
    const text = cell(column);
    if (text === "") return null;
    if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || Number(text) >= MAX_APY) {
      add(column, `'${text}' is not an APY in percent (a number from 0 to below ${MAX_APY}, e.g. 3.25)`);
      return null;
    }
    return Number(text);
  };
  const min = number("yield_apy_min");
  const max = number("yield_apy_max");
  if ((cell("yield_apy_min") === "") !== (cell("yield_apy_max") === ""))
    add("yield_apy_max", "yield_apy_min and yield_apy_max go together (both ends of the range, or neither)");
  if (min !== null && max !== null && min > max) add("yield_apy_min", `${min} is above yield_apy_max ${max}`);
  const source = cell("yield_source");
  checkEnum("yield_source", source, YIELD_SOURCES, add);
  checkUrl("yield_source_url", cell("yield_source_url"), add);
  checkAsOf("yield_as_of", cell("yield_as_of"), todayMs, today, false, add);
  const slug = cell("defillama_slug");
  if (source === "defillama") {
    for (const column of ["yield_document_date", "yield_source_kind"] as const)
      if (cell(column) !== "") add(column, "is for a curated yield's page: DefiLlama's yield is dated by its data");
    if (slug === "") add("defillama_slug", "is required when yield_source is defillama");
    if (cell("yield_apy_min") === "" || cell("yield_apy_max") === "")
      add("yield_apy_min", "is required when yield_source is defillama (with yield_apy_max)");
    if (cell("yield_as_of") === "") add("yield_as_of", "is required when yield_source is defillama");
    if (slug !== "" && !isDefillamaYieldsUrl(cell("yield_source_url"), slug))
      add(
        "yield_source_url",
        `must be a DefiLlama pool page (https://defillama.com/yields/pool/<id>) or ${projectYieldsUrl(slug)} for a DefiLlama yield`,
      );
    if (min !== null && max !== null && cell("yield_range") !== formatYieldRange(min, max))
      add(
        "yield_range",
        `'${cell("yield_range")}' does not match the DefiLlama range (it formats as ${formatYieldRange(min, max)})`,
      );
  } else if (source === "curated") {
    if (cell("yield_source_url") === "")
      add("yield_source_url", "is required when yield_source is curated: the page that states the yield");
    if (cell("yield_as_of") === "")
      add("yield_as_of", "is required when yield_source is curated: the day the page was read");
    curatedPage(cell, add);
  } else if (source === "") {
    for (const column of [
      "yield_apy_min",
      "yield_apy_max",
      "yield_as_of",
      "yield_source_url",
      "yield_document_date",
      "yield_source_kind",
    ] as const) {
      if (cell(column) !== "")
        add(column, "needs yield_source (defillama, or curated with the page that states the yield)");
    }
  }
}

/**
 * A curated yield's page: the date it states (YYYY-MM-DD, YYYY-MM or 'undated', as a product's or
 * a finding's document date), never after the day it was read (yield_as_of), and its kind.
 */
function curatedPage(cell: Row["cell"], add: Row["add"]) {
  const documentDate = cell("yield_document_date");
  const readOn = cell("yield_as_of");
  if (documentDate === "")
    add("yield_document_date", `is required when yield_source is curated: the date the page states, or '${UNDATED}'`);
  else if (!isDocumentDate(documentDate))
    add("yield_document_date", `'${documentDate}' is not YYYY-MM-DD, YYYY-MM or '${UNDATED}'`);
  else if (documentDate !== UNDATED && readOn !== "" && documentDate.slice(0, readOn.length) > readOn)
    add("yield_document_date", `'${documentDate}' is after the day the page was read (yield_as_of ${readOn})`);
  const kind = cell("yield_source_kind");
  if (!(PRODUCT_SOURCE_KINDS as readonly string[]).includes(kind))
    add(
      "yield_source_kind",
      kind === ""
        ? `is required when yield_source is curated: one of ${PRODUCT_SOURCE_KINDS.join(", ")}`
        : `'${kind}' is not one of ${PRODUCT_SOURCE_KINDS.join(", ")}`,
    );
}
