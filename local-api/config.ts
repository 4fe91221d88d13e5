import path from "node:path";
import { LOCAL_API_HOST, LOCAL_API_PORT } from "./defaults.ts";
import { isLoopbackHost } from "./origins.ts";
import { DEFAULT_DATA_DIR, REPO_ROOT } from "./paths.ts";

export type LocalApiConfig = {
  host: string;
  port: number;
  /** Absolute path, or "memory". */
  dataDir: string;
  synthetic: number | undefined;
  /** Signups per IP per minute, or "off". */
  rateLimit: number | "off";
};

/** Reads LOCAL_API_* variables; a bad value is an error naming the variable, never a silent default. */
export function readLocalApiConfig(env: NodeJS.ProcessEnv = process.env): LocalApiConfig {
  const port = integer(env.LOCAL_API_PORT, "LOCAL_API_PORT", LOCAL_API_PORT, 0, 65535);
  const rawDir = env.LOCAL_API_DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  const dataDir = rawDir === "memory" ? "memory" : path.resolve(REPO_ROOT, rawDir);
  const synthetic = env.LOCAL_API_SYNTHETIC?.trim()
    ? integer(env.LOCAL_API_SYNTHETIC, "LOCAL_API_SYNTHETIC", 0, 1, 100_000)
    : undefined;
  const rawLimit = env.LOCAL_API_RATE_LIMIT?.trim().toLowerCase();
  const rateLimit = rawLimit === "off" ? "off" : integer(rawLimit, "LOCAL_API_RATE_LIMIT", 5, 1, 1_000_000);
  const host = env.LOCAL_API_HOST?.trim() || LOCAL_API_HOST;
  // The local API holds a demo service-role key and a dev inspection route: loopback only,
  // unless the developer says otherwise in so many words.
  if (!isLoopbackHost(host) && env.LOCAL_API_ALLOW_REMOTE !== "1") {
    throw new Error(
      `LOCAL_API_HOST=${host} is not a loopback address: the local API would be reachable from other machines. ` +
        "Use 127.0.0.1, or set LOCAL_API_ALLOW_REMOTE=1 if you really mean it.",
    );
  }
  return { host, port, dataDir, synthetic, rateLimit };
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `${name} must be an integer from ${min} to ${max}${name === "LOCAL_API_RATE_LIMIT" ? ' or "off"' : ""}, got "${raw}"`,
    );
  }
  return value;
}
