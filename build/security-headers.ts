// Security and cache headers for the static host, generated at build time from the backend URL
// the bundle was built for. Emitted as `_headers` (the format Netlify and Cloudflare Pages read)
// and applied by `vite preview` from that very file, so `npm run preview` and the e2e server run
// under exactly what a deploy ships.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import type { Plugin } from "vite";

export const HEADERS_FILE = "_headers";

export type HeaderRule = { pattern: string; headers: Array<[name: string, value: string]> };

/** The backend origin(s) the app may call; throws on anything that is not an http(s) URL. */
export function connectOrigins(supabaseUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    throw new Error(`security-headers: VITE_SUPABASE_URL is not a URL: "${supabaseUrl}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`security-headers: VITE_SUPABASE_URL must be http(s), got "${supabaseUrl}"`);
  }
  // The app uses REST and Functions only (no Realtime), so no wss: origin is needed.
  return [url.origin];
}

/** Cloudflare Turnstile's origin: its script and its challenge frame (developers.cloudflare.com/turnstile/reference/content-security-policy). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export type PolicyOptions = {
  /** The build has a Turnstile site key (VITE_TURNSTILE_SITE_KEY): the signup form loads the bot check. */
  turnstile?: boolean;
};

export function contentSecurityPolicy(supabaseUrl: string, options: PolicyOptions = {}): string {
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
  return [
    "default-src 'self'",
    // No inline script but the prerendered pages' boot, allowed by its hash once the prerender has
    // written it (allowInlineScriptIn). Cloudflare's script only when the bot check is configured.
    `script-src 'self'${turnstile}`,
    ...(options.turnstile ? [`frame-src${turnstile}`] : []),
    // 'unsafe-inline' stays: the prerendered frame's style attribute, the scroll lock's and sonner's
    // injected <style> elements need it (measured: docs/security.md, the CSP row).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins(supabaseUrl).join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The rules, most general first. Same-name headers never appear in two matching rules. */
export function headerRules(supabaseUrl: string, options: PolicyOptions = {}): HeaderRule[] {
  return [
    {
      pattern: "/*",
      headers: [
        ["Content-Security-Policy", contentSecurityPolicy(supabaseUrl, options)],
        ["X-Frame-Options", "DENY"],
        ["X-Content-Type-Options", "nosniff"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        [
          "Permissions-Policy",
          "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
        ],
        ["Cross-Origin-Opener-Policy", "same-origin"],
        ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
      ],
    },
    // Content-hashed file names: a changed file is a new URL, so caching forever is safe.
    { pattern: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
    // Open data (build/open-data.ts): readable from any origin, refreshed within the hour of a deploy.
    {
      pattern: "/data/*",
      headers: [
        ["Cache-Control", "public, max-age=3600"],
        ["Access-Control-Allow-Origin", "*"],
      ],
    },
    { pattern: "/data/protocols.json", headers: [["Content-Type", "application/json; charset=utf-8"]] },
    {
      pattern: "/data/protocols.csv",
      headers: [
        ["Content-Type", "text/csv; charset=utf-8"],
        ["Content-Disposition", 'attachment; filename="rwa-atlas-protocols.csv"'],
      ],
    },
    {
      pattern: "/data/risk-factors.csv",
      headers: [
        ["Content-Type", "text/csv; charset=utf-8"],
        ["Content-Disposition", 'attachment; filename="rwa-atlas-risk-factors.csv"'],
      ],
    },
    // The open API's document (build/openapi.ts): readable from any origin (API tools fetch it).
    {
      pattern: "/openapi.json",
      headers: [
        ["Content-Type", "application/json; charset=utf-8"],
        ["Cache-Control", "public, max-age=3600"],
        ["Access-Control-Allow-Origin", "*"],
      ],
    },
    // The HTML names the current hashes: always revalidate it.
    { pattern: "/", headers: [["Cache-Control", "no-cache"]] },
    { pattern: "/index.html", headers: [["Cache-Control", "no-cache"]] },
  ];
}

/**
 * Allows one inline script by its SHA-256 in every Content-Security-Policy of a `_headers` text
 * (the boot script build/prerender.ts puts in each page). Throws if no policy has a script-src.
 */
export function allowInlineScript(headersText: string, script: string): string {
  const hash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
  let found = 0;
  const out = headersText.replace(/^(\s+Content-Security-Policy:.*?\bscript-src 'self')/gm, (policy: string) => {
    found++;
    return `${policy} ${hash}`;
  });
  if (found === 0)
    throw new Error(`${HEADERS_FILE}: no Content-Security-Policy with script-src 'self' to allow the boot script in`);
  return out;
}

/** allowInlineScript on the `_headers` file the build wrote. */
export function allowInlineScriptIn(file: string, script: string): void {
  writeFileSync(file, allowInlineScript(readFileSync(file, "utf8"), script));
}

export function formatHeadersFile(rules: HeaderRule[]): string {
  const header = "# Generated by build/security-headers.ts at build time. Do not edit: change the plugin.\n";
  return header + rules.map((r) => `${r.pattern}\n${r.headers.map(([n, v]) => `  ${n}: ${v}`).join("\n")}\n`).join("");
}

/** Parses the `_headers` format: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === "" || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ pattern: raw.trim(), headers: [] });
      continue;
    }
    const current = rules[rules.length - 1];
    const colon = raw.indexOf(":");
    if (!current || colon < 0)
      throw new Error(`${HEADERS_FILE}: header line outside a rule or without a colon: "${raw}"`);
    current.headers.push([raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Netlify/Cloudflare matching: exact path, or a trailing `*` splat matching any rest. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  if (pattern.endsWith("*")) return pathname.startsWith(pattern.slice(0, -1));
  return pathname === pattern;
}

export function headersFor(rules: HeaderRule[], pathname: string): Array<[string, string]> {
  return rules.filter((r) => matchesPattern(r.pattern, pathname)).flatMap((r) => r.headers);
}

type Options = { supabaseUrl: string } & PolicyOptions;

export function securityHeaders({ supabaseUrl, ...policy }: Options): Plugin {
  let outDir = "dist";
  return {
    name: "rwa-atlas:security-headers",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      // Validates the URL too: a build for a malformed backend URL fails here, not in a browser.
      this.emitFile({
        type: "asset",
        fileName: HEADERS_FILE,
        source: formatHeadersFile(headerRules(supabaseUrl, policy)),
      });
    },
    configurePreviewServer(server) {
      const file = path.join(outDir, HEADERS_FILE);
      let rules: HeaderRule[];
      try {
        rules = parseHeadersFile(readFileSync(file, "utf8"));
      } catch (error) {
        throw new Error(`vite preview: cannot read ${file} (build first): ${(error as Error).message}`, {
          cause: error,
        });
      }
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const pathname = new URL(req.url ?? "/", "http://preview").pathname;
        applyHeaders(res, headersFor(rules, pathname));
        next();
      });
    },
  };
}

/**
 * Sets the headers now and again at writeHead time, so a static file server that passes its own
 * Cache-Control to writeHead cannot override what the host would send.
 */
function applyHeaders(res: ServerResponse, headers: Array<[string, string]>): void {
  if (headers.length === 0) return;
  for (const [name, value] of headers) res.setHeader(name, value);
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const arg of args) {
      if (arg && typeof arg === "object" && !Array.isArray(arg)) {
        const given = arg as OutgoingHttpHeaders;
        for (const key of Object.keys(given)) if (names.has(key.toLowerCase())) delete given[key];
      }
    }
    for (const [name, value] of headers) res.setHeader(name, value);
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}
