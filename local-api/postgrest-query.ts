// What a table read's query string asks for (select, filters, order, limit and offset), checked
// against the table's columns and turned into SQL pieces with bound values: the part of PostgREST's
// grammar the app sends (local-api/postgrest.ts runs the read).
import { apiError } from "./postgrest-errors.ts";

/** A plain Postgres name, unquoted: what a table, column or function may be called here. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const READ_PARAMS = new Set(["select", "order", "limit", "offset"]);

/**
 * Column filters: `column=eq.value` and `column=in.(a,b,"c,d")` (what the app sends). Each value is
 * bound as a parameter and cast by Postgres to the column's type, so a bad uuid or date is
 * Postgres's own 22P02/22007.
 */
export function parseFilters(
  params: URLSearchParams,
  table: string,
  columns: string[],
): { where: string; values: string[] } {
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
    const list = match?.[2] === "in" ? parseInList(match[3]!) : null;
    if (!match || match[1] || (match[2] !== "eq" && list === null)) {
      throw apiError(
        400,
        "PGRST100",
        `"failed to parse filter (${value})" (line 1, column 1)`,
        "The local API supports only the eq and in operators: column=eq.value, column=in.(a,b).",
        `unexpected "${value.slice(0, 20)}" expecting an operator (eq, in)`,
      );
    }
    if (!columns.includes(key)) throw apiError(400, "42703", `column ${table}.${key} does not exist`);
    if (list === null) {
      values.push(match[3]!);
      clauses.push(`${quote(key)} = $${values.length}`);
    } else if (list.length === 0) {
      clauses.push("false");
    } else {
      const placeholders = list.map((item) => {
        values.push(item);
        return `$${values.length}`;
      });
      clauses.push(`${quote(key)} in (${placeholders.join(", ")})`);
    }
  }
  return { where: clauses.length > 0 ? `where ${clauses.join(" and ")}` : "", values };
}

/**
 * PostgREST's list, `(a,b,"c,d")`: items split on commas, a double-quoted item taken whole (with
 * `\"` and `\\` escapes). Null when the text is not such a list.
 */
function parseInList(text: string): string[] | null {
  if (!text.startsWith("(") || !text.endsWith(")")) return null;
  const inner = text.slice(1, -1);
  if (inner === "") return [];
  const items: string[] = [];
  const item = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,"]*))\s*(,|$)/y;
  while (item.lastIndex < inner.length) {
    const found = item.exec(inner);
    if (!found) return null;
    items.push(found[1] !== undefined ? found[1].replace(/\\(.)/g, "$1") : found[2]!.trim());
    if (found[3] === "") break;
    if (item.lastIndex === inner.length) items.push("");
  }
  return items;
}

export function parseSelect(value: string, table: string, columns: string[]): string {
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

export function parseOrder(value: string | null, table: string, columns: string[]): string | null {
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

export function parseCount(value: string | null, name: string): number | null {
  if (value === null) return null;
  if (!/^\d{1,9}$/.test(value)) throw apiError(400, "PGRST100", `"${name}=${value}" is not a non-negative integer`);
  return Number(value);
}

export function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
