// Adds lockfile entries for platform-specific optional binaries that this workplace's npm
// registry mirror does not serve (it 404s darwin/win32/android/freebsd builds). npm leaves such
// packages out of package-lock.json, and `npm ci` then refuses the lock as "out of sync".
// Each added entry carries os/cpu (read from the package name) and optional: true, so npm skips it
// on other platforms and fetches it by version where it applies (a Mac laptop, a Windows box).
// Run after any `npm install` that rewrites the lock: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = {
  x64: "x64",
  arm64: "arm64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  mips64el: "mips64el",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts
    .map((p) => (p === "windows" || p === "win" ? "win32" : p === "macos" ? "darwin" : p))
    .find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.includes("musl") ? "musl" : parts.includes("gnu") || parts.includes("glibc") ? "glibc" : undefined;
  return { os, cpu, libc };
}

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const added = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = key === "" ? "node_modules/" : `${key}/node_modules/`;
    const candidates = [`${base}${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && cpu !== "wasm32") continue; // not a platform binary: leave npm's decision alone
    const entry = { version, optional: true };
    if (pkg.dev) entry.dev = true;
    if (cpu) entry.cpu = [cpu];
    if (os) entry.os = [os];
    if (libc) entry.libc = [libc];
    lock.packages[`node_modules/${dep}`] = entry;
    added.push(`${dep}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(path, JSON.stringify(lock, null, 2) + "\n");
console.log(
  added.length ? `Added ${added.length} platform entries:\n  ${added.join("\n  ")}` : "Lockfile already complete.",
);
