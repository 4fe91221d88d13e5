// Where the feed reads the change log: PostgREST as the anon role, the same reads any visitor can
// make (the REST API and RLS decide what is public). `get` is injected: fetch on Supabase
// (index.ts), the local API's in-process PostgREST in `npm run dev` and the tests.
import { isChangeKind, type ChangeRow } from "../../_shared/change-text.ts";

export type FeedProtocol = { id: string; name: string };

export type FeedStore = {
  /** Every protocol's id and name, by name (the order the app slugs them in). */
  protocols(): Promise<FeedProtocol[]>;
  /** The newest changes, the whole site's or one protocol's: day, then id, descending. */
  changes(query: { protocolId: string | null; limit: number }): Promise<ChangeRow[]>;
};

/** GET <rest>/<pathAndQuery> as the anon role; resolves to the parsed JSON, throws on anything else. */
export type RestGet = (pathAndQuery: string) => Promise<unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isText = (value: unknown): value is string => typeof value === "string";
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

function asProtocol(row: unknown): FeedProtocol | null {
  if (typeof row !== "object" || row === null) return null;
  const { id, name } = row as Record<string, unknown>;
  return isText(id) && UUID.test(id) && isText(name) && name.trim() !== "" ? { id, name } : null;
}

/** A row the feed can print; anything else (a column the table lost, a wrong type) is skipped. */
export function asChangeRow(row: unknown): ChangeRow | null {
  if (typeof row !== "object" || row === null) return null;
  const r = row as Record<string, unknown>;
  const ok =
    typeof r.id === "number" &&
    isText(r.day) &&
    DAY.test(r.day) &&
    isText(r.protocol_id) &&
    isChangeKind(r.kind) &&
    textOrNull(r.product_symbol) &&
    textOrNull(r.field) &&
    textOrNull(r.old_value) &&
    textOrNull(r.new_value) &&
    textOrNull(r.reason) &&
    textOrNull(r.source_url) &&
    (r.recorded_by === "refresh" || r.recorded_by === "review") &&
    isText(r.created_at) &&
    !Number.isNaN(Date.parse(r.created_at));
  return ok ? (r as ChangeRow) : null;
}

function rows<T>(value: unknown, parse: (row: unknown) => T | null): T[] {
  if (!Array.isArray(value)) throw new Error("the REST API did not answer a list");
  return value.map(parse).filter((row): row is T => row !== null);
}

export const CHANGE_COLUMNS =
  "id,day,protocol_id,product_symbol,kind,field,old_value,new_value,reason,source_url,recorded_by,created_at";

export function createRestFeedStore(get: RestGet): FeedStore {
  return {
    async protocols() {
      return rows(await get("/protocols?select=id,name&order=name.asc"), asProtocol);
    },
    async changes({ protocolId, limit }) {
      const filter = protocolId === null ? "" : `&protocol_id=eq.${encodeURIComponent(protocolId)}`;
      const path = `/protocol_changes?select=${CHANGE_COLUMNS}&order=day.desc,id.desc&limit=${limit}${filter}`;
      return rows(await get(path), asChangeRow);
    },
  };
}
