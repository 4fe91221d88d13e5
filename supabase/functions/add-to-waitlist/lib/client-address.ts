// Which address a signup comes from, for the rate limit.
//
// On Supabase, Cloudflare fronts the API gateway: it sets CF-Connecting-IP to the address that
// opened the connection, replacing any value the client sent, and the gateway sets X-Real-IP.
// X-Forwarded-For is a list the client starts: its first hop is whatever the client wrote, so it
// is never used; only the last hop, the one the gateway appended, could be trusted, and only as a
// last resort. See docs/security.md ("Which client address") for the evidence and its limits.
export const TRUSTED_CLIENT_HEADERS = ["cf-connecting-ip", "x-real-ip"] as const;

export function trustedClientAddress(headers: Headers): string {
  for (const name of TRUSTED_CLIENT_HEADERS) {
    const value = headers.get(name)?.trim();
    if (value && parseAddress(value)) return value;
  }
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  const last = hops.at(-1);
  return last && parseAddress(last) ? last : "unknown";
}

/**
 * The rate-limit key of an address: an IPv4 address as is (/32), an IPv6 address by its /64
 * network (one subscriber usually holds a whole /64, so per-address keys would be free to rotate).
 * IPv4-mapped IPv6 counts as the IPv4 address. Anything unparsable shares one "unknown" bucket.
 */
export function clientKey(address: string): string {
  const parsed = parseAddress(address.trim());
  if (!parsed) return "unknown";
  if (parsed.kind === "v4") return `${parsed.text}/32`;
  return `${parsed.groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

type Parsed = { kind: "v4"; text: string } | { kind: "v6"; groups: number[] };

function parseAddress(raw: string): Parsed | null {
  const text = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = parseV4(text);
  if (v4) return { kind: "v4", text: v4 };
  const groups = parseV6(text);
  if (!groups) return null;
  // ::ffff:a.b.c.d (how a dual-stack socket reports an IPv4 client)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return { kind: "v4", text: [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".") };
  }
  return { kind: "v6", groups };
}

function parseV4(text: string): string | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number).join(".");
}

function parseV6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split("::").length > 2) return null;
  const expand = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseV4(piece);
        if (!v4) return null;
        const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = expand(head);
  const right = tail === undefined ? [] : expand(tail);
  if (!left || !right) return null;
  if (tail === undefined) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  return missing >= 1 ? [...left, ...Array<number>(missing).fill(0), ...right] : null;
}
