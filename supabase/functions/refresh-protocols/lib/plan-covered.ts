// The rows the directory covers, against DefiLlama's protocol list: each matched by id, then slug;
// its identity (id, listing day, audits, a rename); a row that left the list or a tracked row that
// fell below the threshold marked dropped; then its TVL and chains, or held. Runtime-neutral: no I/O.
import { entryId, entrySlug, formatTvl, readEntry, SLUG_PATTERN, type LlamaEntry, type RawEntry } from "./defillama.ts";
import { publishedUsd, tvlHoldReason } from "./guardrail.ts";
import { guardProtocol, knownAfter, type Plan, type PlanInput, type PlanState } from "./plan-state.ts";
import type { CurrentRow, IdentityChange, ProtocolChange } from "./types.ts";

/**
 * Plans every covered row (rows in name order) against the list's entries; returns the entries a
 * row matched, which are therefore no tracked candidates.
 */
export function planCovered(
  plan: Plan,
  rows: readonly CurrentRow[],
  entries: readonly RawEntry[],
  input: PlanInput,
  state: PlanState,
): Set<RawEntry> {
  const { day, threshold } = input;
  const { usedSlugs, usedIds, droppedNow, hold } = state;
  const bySlug = new Map<string, RawEntry>();
  const byId = new Map<number, RawEntry>();
  for (const raw of entries) {
    const slug = entrySlug(raw);
    if (slug !== null) plan.known.add(slug);
    if (slug !== null && !bySlug.has(slug)) bySlug.set(slug, raw);
    const id = entryId(raw);
    if (id !== null && !byId.has(id)) byId.set(id, raw);
  }
  const matched = new Set<RawEntry>();

  for (const row of rows) {
    // One row's part of the plan: an error in it (a value no check foresaw) holds that row alone.
    guardProtocol(plan, state, row.defillama_slug ?? row.name, "reading DefiLlama's entry", () => {
      const slug = row.defillama_slug;
      if (slug === null) {
        plan.notCovered.push({
          name: row.name,
          reason: `no defillama_slug: keeps its ${row.tvl_source ?? "curated"} figure`,
        });
        return;
      }
      plan.slugOf.set(row.name, slug);
      // The stable id first; the slug only for an entry that has no id of its own (the site's
      // lite list) or the same id.
      let raw = row.defillama_id !== null ? byId.get(row.defillama_id) : undefined;
      if (raw === undefined) {
        const candidate = bySlug.get(slug);
        const candidateId = candidate === undefined ? null : entryId(candidate);
        if (candidate !== undefined && (row.defillama_id === null || candidateId === null)) raw = candidate;
        else if (candidate !== undefined) {
          plan.notCovered.push({
            name: row.name,
            reason: `${slug} is DefiLlama id ${candidateId} there, but the row says id ${row.defillama_id}: check which protocol this is; keeps ${row.tvl}`,
          });
          matched.add(candidate);
          return;
        }
      }
      const newer = knownAfter(row, day);
      if (raw === undefined) {
        const since = row.defillama_dropped_on ?? day;
        plan.notCovered.push({ name: row.name, reason: `${slug} is not in the response: keeps ${row.tvl}` });
        if (!newer) {
          plan.dropped.push({ name: row.name, slug, reason: "not in DefiLlama's list", since });
          droppedNow.add(slug);
          if (row.defillama_dropped_on === null) plan.payload.dropped.push({ defillama_slug: slug, dropped_on: day });
        }
        return;
      }
      matched.add(raw);
      const read = readEntry(raw);
      if ("problem" in read) {
        hold(
          slug,
          `held for review: ${slug}: DefiLlama's entry is malformed (${read.problem}); nothing about it was written`,
        );
        return;
      }
      const entry = read.entry;

      // Identity: DefiLlama's id, listing day and audits, and a renamed slug. A list older than what
      // the row knows (knownAfter: a saved day replayed later) is no word on its identity: it would
      // take back a rename a newer list made.
      const identity: IdentityChange = { defillama_slug: slug };
      let current = slug;
      if (!newer) {
        if (entry.slug !== slug) {
          if (!SLUG_PATTERN.test(entry.slug) || entry.slug.length > 100) {
            hold(slug, `held for review: ${slug}: DefiLlama renamed it to '${entry.slug}', which is not a slug`);
          } else if (usedSlugs.has(entry.slug)) {
            hold(
              slug,
              `held for review: ${slug}: DefiLlama renamed it to ${entry.slug}, which another row already has`,
            );
          } else {
            identity.new_slug = entry.slug;
            usedSlugs.add(entry.slug);
            current = entry.slug;
            plan.known.add(entry.slug);
            plan.renames.push({ name: row.name, from: slug, to: entry.slug, id: entry.id });
            plan.slugOf.set(row.name, entry.slug);
          }
        }
        if (entry.id !== null && entry.id !== row.defillama_id && !usedIds.has(entry.id)) {
          identity.defillama_id = entry.id;
          usedIds.add(entry.id);
        }
        if (entry.listedAt !== null && entry.listedAt !== row.defillama_listed_at)
          identity.defillama_listed_at = entry.listedAt;
        if (entry.audits !== null && entry.audits !== row.defillama_audits) identity.defillama_audits = entry.audits;
      }
      if (Object.keys(identity).length > 1) plan.payload.identities.push(identity);

      if (entry.tvl === null) {
        plan.notCovered.push({
          name: row.name,
          reason: `DefiLlama lists ${current} without a TVL figure: keeps ${row.tvl}`,
        });
        if (row.defillama_dropped_on !== null && !newer)
          plan.payload.dropped.push({ defillama_slug: current, dropped_on: null });
        return;
      }
      if (row.review_status === "tracked" && entry.tvl < threshold) {
        plan.notCovered.push({
          name: row.name,
          reason: `${current} is below the tracking threshold (${formatTvl(entry.tvl)} < ${formatTvl(threshold)}): keeps ${row.tvl}`,
        });
        if (!newer) {
          plan.dropped.push({
            name: row.name,
            slug: current,
            reason: `below the tracking threshold of ${formatTvl(threshold)}`,
            since: row.defillama_dropped_on ?? day,
          });
          droppedNow.add(current);
          if (row.defillama_dropped_on === null)
            plan.payload.dropped.push({ defillama_slug: current, dropped_on: day });
        }
        return;
      }
      // Back in the list: the mark goes, unless this list is older than what the row knows.
      if (row.defillama_dropped_on !== null && !newer)
        plan.payload.dropped.push({ defillama_slug: current, dropped_on: null });
      planTvl(plan, row, entry, current, input);
    });
  }
  return matched;
}

/** One covered row's TVL and chains: unchanged, updated, or held (first figure, large move). */
function planTvl(plan: Plan, row: CurrentRow, entry: LlamaEntry, slug: string, input: PlanInput) {
  const { day, accept } = input;
  const tvlUsd = Math.round(entry.tvl!);
  const tvl = formatTvl(tvlUsd);
  // Every chain DefiLlama lists, in one naming; a row DefiLlama lists no chain for keeps its own.
  const newChains = entry.chains.length > 0 ? entry.chains : row.blockchains;
  const change: ProtocolChange = {
    name: row.name,
    slug,
    status: "unchanged",
    oldTvl: row.tvl,
    newTvl: tvl,
    oldUsd: publishedUsd(row),
    newUsd: tvlUsd,
    oldChains: row.blockchains,
    newChains,
    reason: null,
  };
  if (knownAfter(row, day)) {
    change.status = "kept-newer";
    change.newTvl = row.tvl;
    change.newUsd = change.oldUsd;
    change.newChains = row.blockchains;
    plan.changes.push(change);
    return;
  }
  const same =
    row.tvl === tvl &&
    row.tvl_usd === tvlUsd &&
    row.tvl_as_of === day &&
    row.tvl_source === "defillama" &&
    row.blockchains.join("\n") === newChains.join("\n");
  const baseline = input.baselines.get(row.defillama_slug ?? slug)?.tvl_usd ?? null;
  const reason = same ? null : tvlHoldReason(change.oldUsd, baseline, tvlUsd);
  if (reason === null) {
    change.status = same ? "unchanged" : "updated";
  } else {
    change.reason = reason === "" ? null : reason;
    change.status = accept.has(slug) || accept.has(row.defillama_slug ?? slug) ? "accepted" : "held";
    if (change.status === "accepted") plan.released.add(slug).add(row.defillama_slug ?? slug);
  }
  plan.changes.push(change);
  if (change.status === "held") {
    plan.held.push({
      slug,
      line: `held for review: ${slug} ${row.tvl} -> ${tvl}${change.reason ? ` (${change.reason})` : ""}`,
    });
    return;
  }
  plan.payload.tvl.push({ defillama_slug: slug, tvl, tvl_usd: tvlUsd, blockchains: newChains });
}
