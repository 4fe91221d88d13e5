// Rules over data/protocols.csv's asset classes: the six and a reviewed row's 'Other', and a
// tracked row's from data/asset-classes.csv (or 'Unclassified').
import { ASSET_CLASSES, OTHER } from "../../../src/config/domain.ts";
import { checkList, splitList } from "./cells.ts";
import { UNCLASSIFIED } from "./protocol-row.ts";
import type { Row } from "./row-rule.ts";

/**
 * The six asset classes. A reviewed row may add 'Other' (assets outside the six), alone or beside
 * them; a tracked row may be 'Unclassified' instead, but not alongside them.
 */
export function assetClassesAreKnown({ cell, tracked, add }: Row) {
  const allowed = tracked ? [...ASSET_CLASSES, UNCLASSIFIED] : [...ASSET_CLASSES, OTHER];
  const assetClasses = checkList("asset_classes", cell("asset_classes"), allowed, add);
  if (tracked && assetClasses.includes(UNCLASSIFIED) && assetClasses.length > 1)
    add("asset_classes", `'${UNCLASSIFIED}' stands alone: list the reviewed classes instead`);
}

/** A tracked row carries data/asset-classes.csv's classes for its slug, or 'Unclassified' when the file has none. */
export function trackedClassesFollowTheMap({ cell, tracked, options, add }: Row) {
  const slug = cell("defillama_slug");
  if (!tracked || !options.assetClassMap || slug === "") return;
  const mapped = options.assetClassMap.get(slug);
  const expected = mapped ? mapped.join(";") : UNCLASSIFIED;
  const value = cell("asset_classes");
  const assetClasses = value.trim() === "" ? [] : splitList(value);
  if (assetClasses.join(";") !== expected)
    add(
      "asset_classes",
      mapped
        ? `data/asset-classes.csv maps ${slug} to ${expected}: write ${expected}`
        : `${slug} is not in data/asset-classes.csv: write ${UNCLASSIFIED} until a reviewed entry maps it`,
    );
}
