// The open API's contract: every GET /openapi.json documents is called on the local stack (the local
// API in-process, seeded; the open-data files and the document through the dev server's own
// middleware) and each answer is validated against the document's schema with Ajv (JSON Schema
// 2020-12, OpenAPI 3.1's dialect). Each table's schema must name exactly the table's columns, so
// a column added or dropped without the document fails here: the document cannot drift from the API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Plugin, ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openData } from "../../build/open-data.ts";
import { openApi, openApiDocument, openApiText } from "../../build/openapi.ts";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import type { LocalApi } from "../../local-api/server.ts";
import { parseAtom } from "./atom.ts";
import { startSnapshotApi } from "./snapshot.ts";

type Schema = Record<string, unknown>;
type Operation = { parameters?: Array<{ name: string; example?: unknown }>; responses: Record<string, Schema> };
type PathItem = { get: Operation; servers?: Array<{ url: string }> };

// ajv-formats is CommonJS: its plugin is the module's default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

let api: LocalApi;
let site: Server;
let siteUrl: string;
let doc: { paths: Record<string, PathItem>; components: { schemas: Record<string, Schema> } };
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

/** The dev server's middleware for these plugins, on a plain HTTP server (what `npm run dev` serves). */
function devMiddleware(plugins: Plugin[]): Server {
  const handlers: Array<(req: IncomingMessage, res: ServerResponse, next: () => void) => void> = [];
  const fake = {
    middlewares: { use: (fn: (typeof handlers)[number]) => handlers.push(fn) },
  } as unknown as ViteDevServer;
  for (const plugin of plugins) (plugin.configureServer as (server: ViteDevServer) => void)(fake);
  return createServer((req, res) => {
    const run = (i: number) => {
      if (i >= handlers.length) {
        res.statusCode = 404;
        res.end();
        return;
      }
      handlers[i]!(req, res, () => run(i + 1));
    };
    run(0);
  });
}

beforeAll(async () => {
  api = await startSnapshotApi();
  site = devMiddleware([openData({ siteUrl: "https://rwaatlas.com" }), openApi({ apiUrl: api.url, siteUrl: "x" })]);
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  doc = openApiDocument({ apiUrl: api.url, siteUrl }) as typeof doc;
  for (const [name, schema] of Object.entries(doc.components.schemas))
    ajv.addSchema(schema, `#/components/schemas/${name}`);
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await api?.close();
});

/** Validates `value` against `schema`, its $refs (#/components/schemas/...) resolved in the document. */
function validate(schema: Schema, value: unknown, where: string) {
  const check = ajv.compile({ ...schema, components: doc.components });
  const ok = check(value);
  expect(ok ? [] : check.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`), where).toEqual([]);
}

const restPaths = () => Object.keys(doc.paths).filter((p) => p.startsWith("/rest/v1/"));
const responseSchema = (path: string, status = "200", type = "application/json") =>
  (doc.paths[path]!.get.responses[status] as { content: Record<string, { schema: Schema }> }).content[type]!.schema;

async function restGet(pathAndQuery: string) {
  const response = await fetch(`${api.url}${pathAndQuery}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function tableExists(table: string): Promise<boolean> {
  const found = await api.db.query(
    "select 1 from pg_class where relname = $1 and relnamespace = 'public'::regnamespace",
    [table],
  );
  return found.rows.length > 0;
}

describe("the document", () => {
  it("is OpenAPI 3.1 with a server, the anon key's scheme, and every $ref resolving", () => {
    expect(doc).toMatchObject({ openapi: "3.1.0", info: { license: { name: "CC BY 4.0" } } });
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    for (const name of refs) expect(doc.components.schemas, name).toHaveProperty(name);
  });

  it("gives every read its schema and an example that satisfies it", () => {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      for (const example of (schema.examples as unknown[] | undefined) ?? [])
        validate(schema, example, `${name} example`);
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      const ok = item.get.responses["200"] as { content: Record<string, { schema: Schema; example: unknown }> };
      for (const [type, media] of Object.entries(ok.content)) {
        expect(media.example, `${path} ${type} has an example`).toBeDefined();
        validate(media.schema, media.example, `${path} example`);
      }
    }
  });

  it("is what npm run dev serves at /openapi.json", async () => {
    const response = await fetch(`${siteUrl}/openapi.json`);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.text()).toBe(openApiText({ apiUrl: api.url, siteUrl: "x" }));
  });
});

describe("every documented REST read, on the local API with the anon key", () => {
  it.for([
    "protocols",
    "protocol_tvl_history",
    "protocol_yield_history",
    "protocol_risk_factors",
    "protocol_changes",
    "products",
  ])(
    "%s: the schema names exactly the table's columns, and every row and filter answer fits it",
    async (table, context) => {
      const path = `/rest/v1/${table}`;
      expect(restPaths()).toContain(path);
      // products arrives with its own migration (issue 28); until the local stack has it, only its example is checked.
      if (table === "products" && !(await tableExists(table))) context.skip();
      const item = (responseSchema(path) as { items: Schema }).items;
      const schema = doc.components.schemas[String(item.$ref).split("/").at(-1)!]!;
      const columns = await api.db.query<{ name: string }>(
        `select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
         where c.relname = $1 and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
         order by a.attnum`,
        [table],
      );
      expect(Object.keys(schema.properties as Schema).sort()).toEqual(columns.rows.map((c) => c.name).sort());

      const all = await restGet(`${path}?select=*&limit=1000`);
      expect(all.status).toBe(200);
      const rows = all.body as Record<string, unknown>[];
      expect(rows.length, `${table} has rows in the seed`).toBeGreaterThan(0);
      validate(responseSchema(path), rows, `${path} answer`);

      // Each documented filter, with a value from a real row: the rows it returns fit and match.
      const filters = (doc.paths[path]!.get.parameters ?? []).filter((p) => /^eq\./.test(String(p.example ?? "")));
      for (const filter of filters) {
        const value = String(rows[0]![filter.name]);
        const filtered = await restGet(
          `${path}?${filter.name}=eq.${encodeURIComponent(value)}&order=${Object.keys(rows[0]!)[0]}`,
        );
        expect(filtered.status, `${path}?${filter.name}`).toBe(200);
        validate(responseSchema(path), filtered.body, `${path}?${filter.name}`);
        expect((filtered.body as Record<string, unknown>[]).every((r) => String(r[filter.name]) === value)).toBe(true);
      }
    },
  );

  it("fails an answer that does not fit (the validator is really applied)", () => {
    const check = ajv.compile({ ...responseSchema("/rest/v1/protocols"), components: doc.components });
    expect(check([{ id: "not-a-uuid" }])).toBe(false);
  });

  it("documents the error answer PostgREST gives", async () => {
    const bad = await restGet("/rest/v1/protocols?tvl=gt.1");
    expect(bad.status).toBe(400);
    validate(doc.components.schemas.Error!, bad.body, "error");
  });
});

describe("the feed and the open-data files", () => {
  it("GET /functions/v1/feed, whole and for the documented protocol: Atom; an unknown slug: the documented 404", async () => {
    const feed = doc.paths["/functions/v1/feed"]!.get;
    const slug = feed.parameters!.find((p) => p.name === "protocol")!.example as string;
    for (const query of ["", `?protocol=${slug}`]) {
      const response = await fetch(`${api.url}/functions/v1/feed${query}`);
      expect(response.status).toBe(200);
      expect(Object.keys((feed.responses["200"] as { content: Schema }).content)).toEqual(["application/atom+xml"]);
      expect(response.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
      const text = await response.text();
      validate(responseSchema("/functions/v1/feed", "200", "application/atom+xml"), text, "feed");
      parseAtom(text);
    }
    const missing = await fetch(`${api.url}/functions/v1/feed?protocol=no-such-protocol`);
    expect(missing.status).toBe(404);
    validate(responseSchema("/functions/v1/feed", "404"), await missing.json(), "feed 404");
  });

  it.each(["/data/protocols.json", "/data/protocols.csv", "/data/risk-factors.csv"])(
    "GET %s as the dev server serves it fits its schema",
    async (path) => {
      expect(doc.paths[path]!.servers![0]!.url).toBe(siteUrl);
      const response = await fetch(`${siteUrl}${path}`);
      expect(response.status).toBe(200);
      const [type, media] = Object.entries(
        (doc.paths[path]!.get.responses["200"] as { content: Record<string, { schema: Schema; example: string }> })
          .content,
      )[0]!;
      expect(response.headers.get("content-type")).toContain(type);
      const body = type === "application/json" ? await response.json() : await response.text();
      validate(media.schema, body, path);
      if (type === "text/csv") {
        // The documented header is the file's first line.
        const header = (body as string).split(/\r?\n/)[0]!.replace(/"/g, "");
        const documented = media.example.split("\n")[0]!;
        if (!documented.includes("...")) expect(header).toBe(documented);
        else
          expect(
            header.startsWith("name,description,") && header.endsWith(",generated_at,schema_version,license"),
          ).toBe(true);
      }
    },
  );
});
