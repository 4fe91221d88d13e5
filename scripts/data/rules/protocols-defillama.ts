// Rules over data/protocols.csv's DefiLlama columns: one row per slug and per id, the chains in
// one naming, the id, audits and dates, the review status and the pool filter.
import { BLOCKCHAINS } from "../../../src/config/domain.ts";
import { CHAIN_ALIASES, CHAIN_NAME_PATTERN } from "../../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { checkAsOf, checkEnum, checkLength, LIST_SEPARATOR, splitList } from "./cells.ts";
import { REVIEW_STATUSES } from "./protocol-row.ts";
import { firstLineOf, type Row } from "./row-rule.ts";

/** One row per DefiLlama slug; a repeat points at the first. */
export function slugsAreUnique({ cell, line, seen, add }: Row) {
  const slug = cell("defillama_slug");
  if (slug === "") return;
  const first = firstLineOf(seen.slugs, slug, line);
  if (first !== undefined) add("defillama_slug", `duplicates the slug on line ${first}`);
}

/** One row per DefiLlama id; a repeat points at the first. */
export function defillamaIdsAreUnique({ cell, line, seen, add }: Row) {
  const id = defillamaId(cell("defillama_id"));
  if (id === null) return;
  const first = firstLineOf(seen.ids, id, line);
  if (first !== undefined) add("defillama_id", `duplicates the id on line ${first}`);
}

/**
 * Chains: every chain a protocol is on, in one naming. The spec's eleven are spelled
 * as in BLOCKCHAINS; another chain takes DefiLlama's name, except where DefiLlama has several
 * spellings (CHAIN_ALIASES), which must be written the one way we store.
 */
export function chainsHaveOneName({ cell, add }: Row) {
  const value = cell("blockchains");
  if (value.trim() === "") return;
  const items = splitList(value);
  if (items.some((item) => item === ""))
    add("blockchains", `has an empty item (separate values with '${LIST_SEPARATOR}', no trailing '${LIST_SEPARATOR}')`);
  for (const item of items.filter((i) => i !== "")) {
    const ours = BLOCKCHAINS.find((chain) => chain.toLowerCase() === item.toLowerCase());
    const alias = CHAIN_ALIASES[item];
    if (alias !== undefined) add("blockchains", `'${item}' is written '${alias}' here (one name per chain)`);
    else if (ours !== undefined && ours !== item) add("blockchains", `'${item}' is written '${ours}'`);
    else if (!CHAIN_NAME_PATTERN.test(item))
      add("blockchains", `'${item}' is not a chain name (at most 60 characters, no '|')`);
  }
  for (const item of new Set(items.filter((item, i) => item !== "" && items.indexOf(item) !== i))) {
    add("blockchains", `lists '${item}' more than once`);
  }
}

/**
 * DefiLlama's id, audits and dates, the review status and the pool filter.
 * A tracked row comes from DefiLlama, so it always names its DefiLlama entry.
 */
export function defillamaColumnsAreValid({ cell, todayMs, today, add }: Row) {
  checkEnum("review_status", cell("review_status"), REVIEW_STATUSES, add);
  const slug = cell("defillama_slug");
  if (cell("review_status") === "tracked" && slug === "")
    add("defillama_slug", "is required on a tracked row (it comes from DefiLlama)");
  const idText = cell("defillama_id");
  if (idText !== "") {
    if (defillamaId(idText) === null)
      add("defillama_id", `'${idText}' is not a DefiLlama protocol id (a whole number, e.g. 4265)`);
    if (slug === "") add("defillama_id", "needs the defillama_slug of the same entry");
  }
  const audits = cell("defillama_audits");
  if (audits !== "" && !/^[0-3]$/.test(audits))
    add("defillama_audits", `'${audits}' is not one of 0, 1, 2, 3 (DefiLlama's audits: none, partly, yes, fork)`);
  checkAsOf("defillama_listed_at", cell("defillama_listed_at"), todayMs, today, false, add);
  checkAsOf("defillama_dropped_on", cell("defillama_dropped_on"), todayMs, today, false, add);
  if ((cell("defillama_dropped_on") !== "" || cell("defillama_listed_at") !== "") && slug === "")
    add("defillama_slug", "is required with defillama_dropped_on or defillama_listed_at");
  const pools = cell("yield_pools");
  if (pools !== "") {
    checkLength("yield_pools", pools, 1000, add);
    if (splitList(pools).some((item) => item === ""))
      add("yield_pools", `has an empty item (separate pool ids or symbols with '${LIST_SEPARATOR}')`);
    if (slug === "") add("yield_pools", "filters DefiLlama pools, so it needs a defillama_slug");
  }
}

/** A DefiLlama protocol id (a positive whole number that fits the database's integer), else null. */
function defillamaId(text: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}
