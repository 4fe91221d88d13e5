import type { Protocol } from "./types";

/** What a tracked row says on its card and its page: listed from DefiLlama, not reviewed. */
export const TRACKED_NOTE = "Listed from DefiLlama: terms and risk not reviewed yet";

/** The page's longer word on a tracked row: what comes from DefiLlama, and what is not known yet. */
export const TRACKED_DETAIL =
  "Its name, description, chains, TVL and yield come from DefiLlama, each with its date and source. Its terms, minimum investment and risk are shown as Unknown or Not rated until a person reviews them; nothing is guessed.";

export function isTracked(protocol: Pick<Protocol, "reviewStatus">): boolean {
  return protocol.reviewStatus === "tracked";
}
