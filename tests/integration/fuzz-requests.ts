// What a visitor or a bot may send to add-to-waitlist, as fast-check arbitraries: methods, content
// types, bodies, addresses (homoglyphs, injections, lone surrogates), origins and odd headers;
// mostly hostile, a quarter plausible (they reach the store). fuzz-handler.test.ts sends them.
import fc from "fast-check";

const homoglyphs = ["а", "е", "о", "р", "с", "х", "ѕ", "і", "ԁ", "ɡ", "ⅼ", "０", "＠", "．", "İ", "ß", "K"]; // Cyrillic, fullwidth, Kelvin sign...
const injections = [
  "\r\nBcc: victim@example.com",
  "\nContent-Type: text/html",
  "%0d%0aBcc:x@y.z",
  "'; drop table public.waitlist; --",
  "' or '1'='1",
  '"); select pg_sleep(10); --',
  "<script>alert(1)</script>",
  "\u0000",
  "\u202e",
  "\ud800",
  "\udfff",
  " ",
  "\u00a0",
  "\u2028",
];

const localPart = fc.oneof(
  fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
  fc
    .constantFrom(...homoglyphs, ...injections)
    .chain((bad) =>
      fc.tuple(fc.stringMatching(/^[a-z]{0,6}$/), fc.stringMatching(/^[a-z]{0,6}$/)).map(([a, b]) => `${a}${bad}${b}`),
    ),
  fc.string({ minLength: 60, maxLength: 80 }),
);
const domain = fc.oneof(
  fc.constantFrom("example.com", "EXAMPLE.COM", "mail.example.co.uk", "xn--80ak6aa92e.com"),
  fc.stringMatching(/^[a-z0-9-]{1,20}(\.[a-z]{2,6}){1,2}$/),
  fc.constantFrom(
    "exаmple.com",
    "example",
    ".com",
    "example..com",
    "[127.0.0.1]",
    "localhost",
    "example.com.",
    "exa mple.com",
  ),
  fc.string({ unit: "binary", minLength: 0, maxLength: 20 }),
  fc.string({ minLength: 200, maxLength: 260 }).map((s) => `${s}.com`),
);
const email = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("", " ", "\t", "\n"), localPart, domain, fc.constantFrom("", " ", "\n"))
      .map(([a, l, d, b]) => `${a}${l}@${d}${b}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.tuple(localPart, domain).map(([l, d]) => `${l}@@${d}`) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 3000 }) },
);
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(email, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const source = fc.oneof(
  fc.constantFrom("hero", "banner", "promo", "limit-reached", "HERO", "x".repeat(40), "../../etc"),
  fc.jsonValue({ maxDepth: 1 }),
);

function deep(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

const textBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({ email: fc.oneof({ weight: 4, arbitrary: email }, notAString), source }, { requiredKeys: [] })
      .map((o) => JSON.stringify(o)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(email, fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }))
      .map(([e, extra]) => JSON.stringify({ ...extra, email: e })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom("array" as const, "object" as const))
      .map(([d, k]) => deep(d, k)),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 900, max: 4000 })
      .map((n) => JSON.stringify({ email: `${"a".repeat(n)}@example.com` })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "null",
      "[]",
      "{}",
      '{"email":',
      "\ufeff{}",
      '{"__proto__":{"email":"p@example.com"}}',
      '{"email":"a@example.com","email":"b@example.com"}',
    ),
  },
  // The addresses as JSON escapes: lone surrogates and controls reach the handler exactly as sent.
  {
    weight: 1,
    arbitrary: fc.constantFrom(...injections).map(
      (bad) =>
        `{"email":"x${JSON.stringify(bad)
          .slice(1, -1)
          .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}@example.com"}`,
    ),
  },
);
const body = fc.oneof(
  { weight: 8, arbitrary: textBody.map((t): string | Uint8Array => t) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) }, // often not UTF-8 at all
);

const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  " application/json ;charset=latin1",
  "application/jsonp",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json, text/plain",
  "",
);
const method = fc.constantFrom(
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "GET",
  "HEAD",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "PROPFIND",
  "post",
);
const origin = fc.constantFrom(
  undefined,
  undefined,
  "https://rwaatlas.example",
  "https://rwaatlas.example",
  "https://evil.example",
  "null",
  "http://localhost:5173",
);
const forwardedFor = fc.constantFrom(
  undefined,
  "198.51.100.1",
  "198.51.100.2",
  "203.0.113.9, 10.0.0.1",
  "not-an-ip",
  "",
);
const oddHeaders = fc.dictionary(
  fc.constantFrom(
    "accept",
    "authorization",
    "apikey",
    "x-client-info",
    "content-encoding",
    "transfer-encoding-hint",
    "cookie",
    "x-real-ip",
    "prefer",
    "range",
  ),
  fc.string({ unit: fc.constantFrom(..."abcXYZ09 ;=,/*-_.\"'<>{}()\t"), maxLength: 120 }),
  { maxKeys: 4 },
);

export type Sent = {
  method: string;
  contentType?: string;
  body: string | Uint8Array;
  origin?: string;
  forwardedFor?: string;
  headers: Record<string, string>;
};
const hostile = fc.record<Sent>(
  { method, contentType, body, origin, forwardedFor, headers: oddHeaders },
  { requiredKeys: ["method", "body", "headers"] },
);
// Requests a browser would send, with addresses that are often valid (mixed case, padded,
// homoglyphs, plus tags): they reach the store, which is where "never store junk" is tested.
const plausible = fc.record<Sent>({
  method: fc.constant("POST"),
  contentType: fc.constantFrom("application/json", "application/json; charset=utf-8"),
  body: fc
    .tuple(fc.oneof(fc.mixedCase(fc.emailAddress()), email), fc.constantFrom("", " ", "\t"), source)
    .map(([address, pad, src]) => JSON.stringify({ email: `${pad}${address}${pad}`, source: src })),
  origin: fc.constantFrom("https://rwaatlas.example", "http://localhost:5173"),
  forwardedFor: forwardedFor,
  headers: fc.constant({ "x-client-info": "supabase-js/2" }),
});
export const request = fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: plausible });

export function toRequest(base: string, sent: Sent): Request {
  const headers = new Headers(sent.headers);
  if (sent.contentType !== undefined) headers.set("content-type", sent.contentType);
  if (sent.origin !== undefined) headers.set("origin", sent.origin);
  if (sent.forwardedFor !== undefined) headers.set("x-forwarded-for", sent.forwardedFor);
  const hasBody = sent.method !== "GET" && sent.method !== "HEAD";
  return new Request(`${base}/functions/v1/add-to-waitlist`, {
    method: sent.method,
    headers,
    body: hasBody ? (sent.body as BodyInit) : undefined,
  });
}

// Always run, whatever the seed: escapes that decode to what UTF-8 on the wire cannot carry.
const escapedAddresses = [
  "\\ud800",
  "\\udfff",
  "\\u0000",
  "\\r\\nBcc: v@example.com",
  "\\u202e",
  "\\u00a0",
  "\\ud83d\\ude00",
];
export const examples: Array<[Sent]> = escapedAddresses.map((escape) => [
  { method: "POST", contentType: "application/json", body: `{"email":"x${escape}y@example.com"}`, headers: {} },
]);
