// Saved DefiLlama responses of 2026-09-05 for the data:refresh tests, and the run that reads them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RefreshRunOptions, Run } from "./refresh-test-run.ts";

// Entries and pools as DefiLlama published them on 2026-09-05 (the values of
// data/defillama/open-defi-data/, in the API's own shape), a few of each.
const at = (iso: string) => Date.parse(iso) / 1000;
export const SEPT_ENTRIES = {
  buidl: {
    id: "4853",
    name: "BlackRock BUIDL",
    slug: "blackrock-buidl",
    category: "RWA",
    chains: ["Solana", "Aptos", "Ethereum", "Avalanche", "Binance", "Optimism", "Arbitrum", "Polygon"],
    tvl: 3620971156.060449,
    url: "https://securitize.io/",
    description: "BlackRock USD Institutional Digital Liquidity Fund",
    audits: "0",
    listedAt: at("2024-07-06T19:00:39.000Z"),
  },
  paxg: {
    id: "4862",
    name: "Paxos Gold",
    slug: "paxos-gold",
    category: "RWA",
    chains: ["Ethereum"],
    tvl: 1905897293.7092156,
    url: "https://paxos.com/paxgold/",
    audits: "0",
    listedAt: at("2024-07-09T18:16:57.000Z"),
  },
  ustb: {
    id: "4265",
    name: "Invesco USTB",
    slug: "invesco-ustb",
    category: "RWA",
    chains: ["Ethereum", "Solana", "Plume Mainnet"],
    tvl: 587443217.7426004,
    url: "https://superstate.com/",
    audits: "0",
    listedAt: at("2024-03-08T16:07:21.000Z"),
  },
  midas: {
    id: "4873",
    name: "Midas RWA",
    slug: "midas-rwa",
    category: "RWA",
    chains: ["Ethereum", "Monad", "Hyperliquid L1", "Solana", "Binance", "Optimism"],
    tvl: 154543770.8600001,
    url: "https://midas.app",
    description:
      "Midas is an asset tokenization protocol bringing regulatory-compliant exposure to\nreal-world assets.",
    audits: "2",
    listedAt: at("2024-07-12T09:17:10.000Z"),
  },
  lofty: {
    id: "1952",
    name: "Lofty",
    slug: "lofty",
    category: "RWA",
    chains: ["Algorand"],
    tvl: 100554621.03971477,
    url: "https://www.lofty.ai",
    description: "Fractionalized real estate on Algorand.",
    audits: "0",
    listedAt: at("2022-08-04T10:38:25.000Z"),
  },
};
export const pool = (pool: string, project: string, symbol: string, tvlUsd: number, apy: number, outlier = false) => ({
  pool,
  project,
  chain: "Ethereum",
  symbol,
  tvlUsd,
  apy,
  outlier,
  stablecoin: true,
});
export const SEPT_POOLS = [
  pool("590d770e-ed5d-4c8d-ad96-5178c2072295", "blackrock-buidl", "BUIDL", 977902118, 3.56329),
  pool("bd0f5a2a-5d74-40bd-a7db-bf1538b314a2", "blackrock-buidl", "BUIDL", 967087609, 3.25307),
  pool("b663ca59-c7e6-4435-ae4a-28d339ce6a15", "blackrock-buidl", "BUIDL", 723689712, 3.59429),
  pool("0715f02b-1803-417f-98ec-4e6e950ff498", "blackrock-buidl", "BUIDL", 4892749, 3.56329),
  // Under $1M and an outlier: left out of the range.
  pool("00000000-0000-4000-8000-000000000001", "blackrock-buidl", "BUIDL", 900000, 0.5),
  pool("00000000-0000-4000-8000-000000000002", "blackrock-buidl", "BUIDL", 5000000, 40, true),
  pool("1910847a-f8b5-40ce-a1ab-1dafdded5fbb", "invesco-ustb", "USTB", 580071164, 3.51833),
  pool("b8d0d351-ac04-40de-9768-1fb9fdc68114", "midas-rwa", "USDC", 72168946, 3.64),
  pool("7d491f26-a03b-4eca-ae2c-e068391b15d3", "midas-rwa", "USDC", 64639149, 7.55),
  pool("d2b2bdd9-6535-4acc-8e84-2b0838bd63bb", "midas-rwa", "BTC", 23354972, 1.85),
  // A malformed pool of a protocol the directory does not list: it must not reject the response.
  { pool: "broken", project: "someone-else", tvlUsd: "lots", apy: null },
];
export const SEPT_DAY = "2026-09-05";
export const SEPT_NOW = "2026-09-06T07:00:00Z";

/** A file in a fresh temporary directory holding the value (as JSON unless it is a string). */
export function saved(name: string, value: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-sept-")), name);
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}
export const septList = (entries: unknown[] = Object.values(SEPT_ENTRIES)) => saved("protocols.json", entries);
export const septYields = (pools: unknown[] = SEPT_POOLS) => saved("pools.json", { status: "success", data: pools });

/** Runs the refresh on the saved 2026-09-05 list and yields (or others), on the day after. */
export const septRunner =
  (refresh: (args: string[], options?: RefreshRunOptions) => Promise<Run>) =>
  (args: string[] = [], list = septList(), yields: string | null = septYields()) =>
    refresh(["--source-file", list, ...(yields ? ["--yields-file", yields] : []), "--as-of", SEPT_DAY, ...args], {
      now: SEPT_NOW,
    });
