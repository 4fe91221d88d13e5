// /openapi.json: an OpenAPI 3.1 document of every public read, written into the build (dist/) and
// served by `npm run dev`. The REST reads go to Supabase's PostgREST with the public anon key; the
// Atom feed is the `feed` Edge Function; the open-data files are the site's. The /api page says the
// same in plain words; tests/integration/openapi-contract.test.ts calls every GET it documents on
// the local stack and validates each answer against the schema given here.
import type { Plugin } from "vite";
import { LICENSE } from "./open-data.ts";
import { productSchema } from "./openapi-products.ts";
import {
  changeSchema,
  errorSchema,
  protocolSchema,
  riskFactorSchema,
  tvlHistorySchema,
  yieldHistorySchema,
} from "./openapi-schemas.ts";
import { openDataSchema } from "./openapi-open-data.ts";

export const OPENAPI_FILE = "openapi.json";

/** What the REST API limits, stated once for the document and the /api page (docs/security.md). */
export const MAX_ROWS = 1000;

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const param = (name: string, description: string, schema: Schema, example?: string | number) => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
  ...(example === undefined ? {} : { example }),
});

const READ_PARAMS = [
  param("select", "The columns to return, comma-separated (default: all).", { type: "string" }),
  param("order", "Sort: column[.asc|.desc][.nullsfirst|.nullslast], comma-separated.", { type: "string" }),
  param("limit", `At most this many rows (the API returns at most ${MAX_ROWS}).`, { type: "integer", minimum: 0 }),
  param("offset", "Skip this many rows (with limit, to page).", { type: "integer", minimum: 0 }),
];

const eqFilter = (column: string, description: string, example: string) =>
  param(column, `${description} Written eq.<value>.`, { type: "string", pattern: "^eq\\." }, example);

const PROTOCOL_ID_EXAMPLE = "eq.1f0c3a4e-6a52-4b8e-9a43-2b6c3f5d7e81";

function tableRead(
  table: string,
  schemaName: string,
  summary: string,
  description: string,
  filters: ReturnType<typeof param>[],
  example: unknown,
) {
  return {
    get: {
      operationId: `list_${table}`,
      summary,
      description: `${description} Any column can be filtered as column=eq.value (PostgREST's syntax).`,
      tags: ["REST"],
      security: [{ apikey: [] }],
      parameters: [...READ_PARAMS, ...filters],
      responses: {
        "200": {
          description: "The rows.",
          content: { "application/json": { schema: { type: "array", items: ref(schemaName) }, example: [example] } },
        },
        "400": {
          description: "A parameter PostgREST cannot read.",
          content: { "application/json": { schema: ref("Error") } },
        },
        "401": { description: "No or a wrong API key.", content: { "application/json": { schema: ref("Error") } } },
      },
    },
  };
}

const exampleOf = (schema: Schema) => (schema.examples as unknown[])[0];

const ATOM_EXAMPLE = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>tag:rwaatlas.com,2026:changes</id>
  <title type="text">RWA Atlas: what changed</title>
  <updated>2026-11-20T00:00:00Z</updated>
  <author><name>RWA Atlas</name></author>
  <entry>
    <id>tag:rwaatlas.com,2026:change/2026-11-20/1f0c3a4e-6a52-4b8e-9a43-2b6c3f5d7e81/tvl/-/1d</id>
    <title type="text">Centrifuge TVL fell 25% to $1.2B</title>
    <updated>2026-11-20T00:00:00Z</updated>
    <link rel="alternate" type="text/html" href="https://rwaatlas.com/protocols/centrifuge"/>
    <summary type="text">TVL over 1 day: $1.6B → $1.2B. Source: https://defillama.com/protocol/centrifuge</summary>
  </entry>
</feed>
`;

export function openApiDocument({ apiUrl, siteUrl }: { apiUrl: string; siteUrl: string }): Record<string, unknown> {
  const api = apiUrl.replace(/\/+$/, "");
  const site = { servers: [{ url: siteUrl, description: "The site's static files" }] };
  const file = (summary: string, type: string, schema: Schema, example: unknown) => ({
    ...site,
    get: {
      operationId: `open_data_${summary.replace(/\W+/g, "_").toLowerCase()}`,
      summary,
      tags: ["Open data"],
      security: [],
      responses: { "200": { description: summary, content: { [type]: { schema, example } } } },
    },
  });
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "RWA Atlas open API",
      version: "1",
      summary: "Tokenized real-world-asset protocols: figures with sources, history, risk evidence and a change log.",
      description: [
        `Everything RWA Atlas shows is public and can be read without an account. The REST reads are Supabase's PostgREST: send the site's public anon key as the apikey header (and as a Bearer token). At most ${MAX_ROWS} rows an answer: page with limit and offset.`,
        `Licence: ${LICENSE.name} (${LICENSE.url}). Credit "RWA Atlas" with a link. The plain-words guide, with curl examples and the rate limits, is at ${siteUrl}/api.`,
      ].join("\n\n"),
      license: { name: LICENSE.name, url: LICENSE.url },
    },
    servers: [{ url: api, description: "Supabase: the REST API (PostgREST) and the Edge Functions" }],
    tags: [
      { name: "REST", description: "Tables, read with the public anon key." },
      { name: "Feed", description: "The change log as Atom." },
      { name: "Open data", description: "Files rebuilt with the site." },
    ],
    paths: {
      "/rest/v1/protocols": tableRead(
        "protocols",
        "Protocol",
        "Protocols",
        "Every protocol with its figures, each with its source and date, and its terms.",
        [
          eqFilter("id", "One protocol by id.", PROTOCOL_ID_EXAMPLE),
          eqFilter("name", "One protocol by name.", "eq.Centrifuge"),
        ],
        exampleOf(protocolSchema),
      ),
      "/rest/v1/products": tableRead(
        "products",
        "Product",
        "Products",
        "The tokens and share classes each protocol issues, with their own terms and the page that states each.",
        [eqFilter("protocol_id", "One protocol's products.", PROTOCOL_ID_EXAMPLE)],
        exampleOf(productSchema),
      ),
      "/rest/v1/protocol_tvl_history": tableRead(
        "protocol_tvl_history",
        "TvlPoint",
        "TVL history",
        "One TVL figure per protocol and day.",
        [eqFilter("protocol_id", "One protocol's history.", PROTOCOL_ID_EXAMPLE)],
        exampleOf(tvlHistorySchema),
      ),
      "/rest/v1/protocol_yield_history": tableRead(
        "protocol_yield_history",
        "YieldPoint",
        "Yield history",
        "One yield range per protocol and day.",
        [eqFilter("protocol_id", "One protocol's history.", PROTOCOL_ID_EXAMPLE)],
        exampleOf(yieldHistorySchema),
      ),
      "/rest/v1/protocol_risk_factors": tableRead(
        "protocol_risk_factors",
        "RiskFactor",
        "Risk factors",
        "The evidence behind each risk level: one row per protocol and evidenced factor (docs/methodology.md).",
        [eqFilter("protocol_id", "One protocol's factors.", PROTOCOL_ID_EXAMPLE)],
        exampleOf(riskFactorSchema),
      ),
      "/rest/v1/protocol_changes": tableRead(
        "protocol_changes",
        "Change",
        "Change log",
        "What changed, when, old → new, why and where it is stated. Newest first with order=day.desc,id.desc.",
        [
          eqFilter("protocol_id", "One protocol's changes.", PROTOCOL_ID_EXAMPLE),
          eqFilter("kind", "One kind of change.", "eq.tvl"),
        ],
        exampleOf(changeSchema),
      ),
      "/functions/v1/feed": {
        get: {
          operationId: "feed",
          summary: "Atom feed of the change log",
          description:
            "The newest 50 changes as Atom (RFC 4287), the whole site's or one protocol's. No key needed. ETag and Last-Modified: send If-None-Match or If-Modified-Since and an unchanged feed answers 304.",
          tags: ["Feed"],
          security: [],
          parameters: [
            param(
              "protocol",
              "A protocol's page slug (as in /protocols/<slug>): only its changes.",
              { type: "string" },
              "centrifuge",
            ),
          ],
          responses: {
            "200": {
              description: "The feed.",
              headers: {
                ETag: { schema: { type: "string" } },
                "Last-Modified": { schema: { type: "string" } },
              },
              content: { "application/atom+xml": { schema: { type: "string" }, example: ATOM_EXAMPLE } },
            },
            "304": { description: "Not modified since the reader's copy." },
            "404": {
              description: "No protocol has that slug.",
              content: {
                "application/json": {
                  schema: ref("Message"),
                  example: { message: 'No protocol has the page slug "x".' },
                },
              },
            },
          },
        },
      },
      "/data/protocols.json": file("protocols.json", "application/json", ref("OpenData"), exampleOf(openDataSchema)),
      "/data/protocols.csv": file(
        "protocols.csv",
        "text/csv",
        { type: "string" },
        "name,description,...,generated_at,schema_version,license\n",
      ),
      "/data/risk-factors.csv": file(
        "risk-factors.csv",
        "text/csv",
        { type: "string" },
        "protocol,factor,factor_label,level,finding,source_url,source_kind,source_tier,document_date,read_on,computed,rating_version,generated_at,schema_version,license\n",
      ),
    },
    components: {
      securitySchemes: {
        apikey: { type: "apiKey", in: "header", name: "apikey", description: "The site's public anon key." },
      },
      schemas: {
        Protocol: protocolSchema,
        Product: productSchema,
        TvlPoint: tvlHistorySchema,
        YieldPoint: yieldHistorySchema,
        RiskFactor: riskFactorSchema,
        Change: changeSchema,
        OpenData: openDataSchema,
        Error: errorSchema,
        Message: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
      },
    },
  };
}

export function openApiText(options: { apiUrl: string; siteUrl: string }): string {
  return `${JSON.stringify(openApiDocument(options), null, 2)}\n`;
}

/** Writes dist/openapi.json at build; `npm run dev` serves the same document at /openapi.json. */
export function openApi(options: { apiUrl: string; siteUrl: string }): Plugin {
  return {
    name: "rwa-atlas:openapi",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== `/${OPENAPI_FILE}`) return next();
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.end(openApiText(options));
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: OPENAPI_FILE, source: openApiText(options) });
    },
  };
}
