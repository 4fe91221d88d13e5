import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { ApiRole } from "./jwt.ts";
import { apiError, fromPostgres, PostgrestError } from "./postgrest-errors.ts";
import { IDENTIFIER, parseCount, parseFilters, parseOrder, parseSelect, quote } from "./postgrest-query.ts";

// The subset of PostgREST that supabase-js sends for this app, executed as the caller's role
// inside a transaction (SET LOCAL ROLE), so grants and RLS decide exactly as on Supabase.

export type RestResult = { status: number; headers: Record<string, string>; body: string | null };

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
