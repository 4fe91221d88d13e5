// Adds lockfile entries for platform-specific optional binaries that this workplace's npm
// registry mirror does not serve (it 404s darwin/win32/android/freebsd builds). npm leaves such
// packages out of package-lock.json, and `npm ci` then refuses the lock as "out of sync".
// Each added entry carries os/cpu (read from the package name) and optional: true, so npm skips it
// on other platforms and fetches it by version where it applies (a Mac laptop, a Windows box).
// Each entry also carries the `integrity` hash from the registry's metadata for that exact version
// (`npm view <name>@<version> dist`; the mirror serves the metadata even where it 404s the
// tarball), so `npm ci` on those platforms checks what it downloads like any other package. (Like
// every entry of this lock, it has no `resolved` URL: npm fetches it by name and version from the
// configured registry.) An entry the committed lock already knows at that version reuses its hash,
// without a lookup. Nothing is written if one lookup fails: no entry is ever left without a hash.
//
//   node scripts/complete-lockfile.mjs            after any `npm install` that rewrites the lock
//   node scripts/complete-lockfile.mjs --check    fails (exit 1) if any entry has no integrity
//                                                 (part of `npm run validate`)
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

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

/** The package name an entry's key installs ("node_modules/a/node_modules/@b/c" -> "@b/c"). */
function nameOf(key) {
  return key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
}

/**
 * Entries `npm ci` would install without checking them: every package but the root and links
 * (which point into the repository) must carry an integrity hash. Returns their keys.
 */
export function missingIntegrity(lock) {
  return Object.entries(lock.packages)
    .filter(([key, pkg]) => key !== "" && !pkg.link && !pkg.inBundle && !pkg.integrity)
    .map(([key, pkg]) => `${key}@${pkg.version}`);
}

/** Adds the platform entries npm left out (no hash yet); returns their keys. */
function addPlatformEntries(lock) {
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
      added.push(`node_modules/${dep}`);
    }
  }
  return added;
}

/**
 * Completes the lock in place: adds the missing platform entries, then gives every entry without a
 * hash its `integrity`, from `known` (the committed lock's entries) when it lists the same version
 * with a hash, else from `lookup(name, version)` (the registry's metadata for that version).
 * Throws, naming the package, when a lookup fails or answers no sha512 hash.
 */
export async function completeLockfile(lock, lookup, known = {}) {
  const added = addPlatformEntries(lock);
  const looked = [];
  for (const key of Object.keys(lock.packages)) {
    const pkg = lock.packages[key];
    if (key === "" || pkg.link || pkg.inBundle || pkg.integrity) continue;
    const name = nameOf(key);
    const before = known[key];
    let dist;
    if (before?.version === pkg.version && before.integrity) {
      dist = { integrity: before.integrity };
    } else {
      try {
        dist = await lookup(name, pkg.version);
      } catch (error) {
        throw new Error(`${name}@${pkg.version}: the registry's metadata could not be read (${error.message})`);
      }
      looked.push(`${name}@${pkg.version}`);
    }
    if (typeof dist?.integrity !== "string" || !/^sha512-[A-Za-z0-9+/]{86}==$/.test(dist.integrity))
      throw new Error(`${name}@${pkg.version}: the registry's metadata holds no sha512 integrity`);
    pkg.integrity = dist.integrity;
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  return { added, looked };
}

/** `npm view <name>@<version> dist --json`: the registry's metadata for that exact version. */
async function registryDist(name, version) {
  const { stdout } = await promisify(execFile)("npm", ["view", `${name}@${version}`, "dist", "--json"], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout);
}

/** The committed lock's packages (the cache of known hashes), or none outside a git checkout. */
async function committedPackages(root) {
  try {
    const { stdout } = await promisify(execFile)("git", ["show", "HEAD:package-lock.json"], {
      cwd: root,
      maxBuffer: 64 << 20,
    });
    return JSON.parse(stdout).packages ?? {};
  } catch {
    return {};
  }
}

async function main(argv) {
  const at = argv.indexOf("--lockfile");
  const path = at >= 0 ? argv[at + 1] : fileURLToPath(new URL("../package-lock.json", import.meta.url));
  const lock = JSON.parse(readFileSync(path, "utf8"));
  if (argv.includes("--check")) {
    const missing = missingIntegrity(lock);
    if (missing.length === 0) return console.log("Every lockfile entry has an integrity hash.");
    console.error(
      `${missing.length} lockfile entr${missing.length === 1 ? "y has" : "ies have"} no integrity hash ` +
        `(npm ci would install them unchecked): run node scripts/complete-lockfile.mjs\n  ${missing.join("\n  ")}`,
    );
    process.exitCode = 1;
    return;
  }
  const known = await committedPackages(fileURLToPath(new URL("..", import.meta.url)));
  const { added, looked } = await completeLockfile(lock, registryDist, known);
  writeFileSync(path, JSON.stringify(lock, null, 2) + "\n");
  console.log(
    added.length ? `Added ${added.length} platform entries:\n  ${added.join("\n  ")}` : "Lockfile already complete.",
  );
  if (looked.length)
    console.log(`Read ${looked.length} integrity hash(es) from the registry:\n  ${looked.join("\n  ")}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
