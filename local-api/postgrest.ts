import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { ApiRole } from "./jwt.ts";
import { apiError, fromPostgres, PostgrestError } from "./postgrest-errors.ts";

// The subset of PostgREST that supabase-js sends for this app, executed as the caller's role
// inside a transaction (SET LOCAL ROLE), so grants and RLS decide exactly as on Supabase.

export type RestResult = { status: number; headers: Record<string, string>; body: string | null };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const READ_PARAMS = new Set(["select", "order", "limit", "offset"]);
const SINGLE_OBJECT = "application/vnd.pgrst.object+json";

export async function asRole<T>(db: PGlite, role: ApiRole, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
  } catch (error) {
    if (error instanceof PostgrestError) throw error;
    throw fromPostgres(error, role);
  }
}

/**
 * Column filters: only `column=eq.value` (what the app sends). The value is bound as a parameter
 * and cast by Postgres to the column's type, so a bad uuid or date is Postgres's own 22P02/22007.
 */
function parseFilters(params: URLSearchParams, table: string, columns: string[]): { where: string; values: string[] } {
  const clauses: string[] = [];
  const values: string[] = [];
  for (const [key, value] of params) {
    if (READ_PARAMS.has(key)) continue;
    if (!IDENTIFIER.test(key)) {
      throw apiError(
        400,
        "PGRST100",
        `"failed to parse filter (${key}=${value})"`,
        "Filter on a plain column name: column=eq.value.",
      );
    }
    const match = /^(not\.)?([a-z]+)\.([\s\S]*)$/.exec(value);
    if (!match || match[1] || match[2] !== "eq") {
      throw apiError(
        400,
        "PGRST100",
        `"failed to parse filter (${value})" (line 1, column 1)`,
        "The local API supports only the eq operator: column=eq.value.",
        `unexpected "${value.slice(0, 20)}" expecting an operator (eq)`,
      );
    }
    if (!columns.includes(key)) throw apiError(400, "42703", `column ${table}.${key} does not exist`);
    values.push(match[3]!);
    clauses.push(`${quote(key)} = $${values.length}`);
  }
  return { where: clauses.length > 0 ? `where ${clauses.join(" and ")}` : "", values };
}

/** GET/HEAD /rest/v1/<table>?select=&order=&limit=&offset=&<column>=eq.<value> */
export async function readTable(
  db: PGlite,
  role: ApiRole,
  table: string,
  params: URLSearchParams,
  headers: { accept: string | null; prefer: string | null },
): Promise<RestResult> {
  const columns = await tableColumns(db, table);
  const filters = parseFilters(params, table, columns);
  const select = parseSelect(params.get("select") ?? "*", table, columns);
  const order = parseOrder(params.get("order"), table, columns);
  const limit = parseCount(params.get("limit"), "limit");
  const offset = parseCount(params.get("offset"), "offset");
  const wantsCount = /count=exact/.test(headers.prefer ?? "");

  const sql = [
    `select ${select} from public.${quote(table)}`,
    filters.where,
    order ? `order by ${order}` : "",
    limit !== null ? `limit ${limit}` : "",
    offset !== null ? `offset ${offset}` : "",
  ].join(" ");

  const { json, rows, total } = await asRole(db, role, async (tx) => {
    // Postgres builds the JSON: one string out of WASM instead of thousands of JS objects.
    const result = await tx.query<{ json: string; rows: number }>(
      `select coalesce(json_agg(t), '[]')::text as json, count(*)::int as rows from (${sql}) t`,
      filters.values,
    );
    const counted = wantsCount
      ? (
          await tx.query<{ n: number }>(
            `select count(*)::int as n from public.${quote(table)} ${filters.where}`,
            filters.values,
          )
        ).rows[0]!.n
      : null;
    return { json: result.rows[0]!.json, rows: result.rows[0]!.rows, total: counted };
  });

  const start = offset ?? 0;
  const range = rows === 0 ? `*/${total ?? "*"}` : `${start}-${start + rows - 1}/${total ?? "*"}`;
  const responseHeaders = { "Content-Range": range };

  if ((headers.accept ?? "").includes(SINGLE_OBJECT)) {
    if (rows !== 1) {
      throw apiError(
        406,
        "PGRST116",
        "JSON object requested, multiple (or no) rows returned",
        null,
        `The result contains ${rows} rows`,
      );
    }
    const object = JSON.stringify((JSON.parse(json) as unknown[])[0]);
    return {
      status: 200,
      headers: { ...responseHeaders, "Content-Type": `${SINGLE_OBJECT}; charset=utf-8` },
      body: object,
    };
  }
  return { status: 200, headers: responseHeaders, body: json };
}

/** POST /rest/v1/rpc/<fn> with named arguments as the JSON body. */
export async function callFunction(
  db: PGlite,
  role: ApiRole,
  name: string,
  args: Record<string, unknown>,
): Promise<RestResult> {
  if (!IDENTIFIER.test(name)) throw functionNotFound(name, args);
  const candidates = (
    await db.query<{
      argnames: string[];
      argtypes: string[];
      nargs: number;
      ndefaults: number;
      retset: boolean;
      returns_void: boolean;
    }>(
      `select coalesce(p.proargnames, '{}') as argnames,
              array(select t::regtype::text from unnest(p.proargtypes) t) as argtypes,
              p.pronargs as nargs, p.pronargdefaults as ndefaults, p.proretset as retset,
              p.prorettype = 'void'::regtype as returns_void
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
      [name],
    )
  ).rows;
  const given = Object.keys(args);
  const fn = candidates.find((c) => {
    const inputs = c.argnames.slice(0, c.nargs);
    const required = inputs.slice(0, c.nargs - c.ndefaults);
    return given.every((g) => inputs.includes(g)) && required.every((r) => given.includes(r));
  });
  if (!fn) throw functionNotFound(name, args);

  const inputs = fn.argnames.slice(0, fn.nargs);
  const values: unknown[] = [];
  const named = given.map((arg) => {
    const type = fn.argtypes[inputs.indexOf(arg)]!;
    const value = args[arg];
    values.push(toParam(value, type));
    const placeholder = `$${values.length}`;
    const expr =
      Array.isArray(value) && !/^jsonb?$/.test(type)
        ? `array(select jsonb_array_elements_text(${placeholder}::jsonb))::${type}`
        : `${placeholder}::${type}`;
    return `${quote(arg)} => ${expr}`;
  });
  const call = `public.${quote(name)}(${named.join(", ")})`;
  const sql = fn.retset
    ? `select coalesce(json_agg(t), '[]')::text as json from ${call} t`
    : `select to_json(${call})::text as json`;

  const json = await asRole(
    db,
    role,
    async (tx) => (await tx.query<{ json: string | null }>(sql, values)).rows[0]?.json ?? null,
  );
  if (fn.returns_void) return { status: 204, headers: {}, body: null };
  return { status: 200, headers: {}, body: json ?? "null" };
}

async function tableColumns(db: PGlite, table: string): Promise<string[]> {
  const notFound = () => apiError(404, "PGRST205", `Could not find the table 'public.${table}' in the schema cache`);
  if (!IDENTIFIER.test(table)) throw notFound();
  const result = await db.query<{ column_name: string }>(
    `select a.attname as column_name
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'p')
       and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [table],
  );
  if (result.rows.length === 0) throw notFound();
  return result.rows.map((r) => r.column_name);
}

function parseSelect(value: string, table: string, columns: string[]): string {
  const items = value.replace(/\s+/g, "").split(",").filter(Boolean);
  if (items.length === 0 || items.includes("*")) {
    if (items.length > 1)
      throw apiError(400, "PGRST100", `"select=${value}" mixes * with columns`, "Use * alone or a list of columns.");
    return "*";
  }
  return items
    .map((item) => {
      if (!IDENTIFIER.test(item)) {
        throw apiError(
          400,
          "PGRST100",
          `"select=${value}" is not supported by the local API`,
          "Use plain column names: no embedding, aliases, casts or JSON paths.",
        );
      }
      if (!columns.includes(item)) throw apiError(400, "42703", `column ${table}.${item} does not exist`);
      return quote(item);
    })
    .join(", ");
}

function parseOrder(value: string | null, table: string, columns: string[]): string | null {
  if (value === null || value.trim() === "") return null;
  return value
    .split(",")
    .map((term) => {
      const [column, ...modifiers] = term.trim().split(".");
      if (!column || !IDENTIFIER.test(column) || modifiers.length > 2) {
        throw apiError(
          400,
          "PGRST100",
          `"order=${value}" could not be parsed`,
          "Use column[.asc|.desc][.nullsfirst|.nullslast].",
        );
      }
      if (!columns.includes(column)) throw apiError(400, "42703", `column ${table}.${column} does not exist`);
      let direction = "";
      let nulls = "";
      for (const modifier of modifiers) {
        if (modifier === "asc" || modifier === "desc") direction = ` ${modifier}`;
        else if (modifier === "nullsfirst" || modifier === "nullslast") nulls = ` nulls ${modifier.slice(5)}`;
        else
          throw apiError(
            400,
            "PGRST100",
            `"order=${value}" could not be parsed`,
            "Use column[.asc|.desc][.nullsfirst|.nullslast].",
          );
      }
      return `${quote(column)}${direction}${nulls}`;
    })
    .join(", ");
}

function parseCount(value: string | null, name: string): number | null {
  if (value === null) return null;
  if (!/^\d{1,9}$/.test(value)) throw apiError(400, "PGRST100", `"${name}=${value}" is not a non-negative integer`);
  return Number(value);
}

function toParam(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (/^jsonb?$/.test(type) || Array.isArray(value) || typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function functionNotFound(name: string, args: Record<string, unknown>) {
  const list = Object.keys(args).join(", ");
  return apiError(
    404,
    "PGRST202",
    `Could not find the function public.${name}(${list}) in the schema cache`,
    "Check the function name and its named arguments.",
  );
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
