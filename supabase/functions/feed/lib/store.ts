// Where the feed reads the change log: PostgREST as the anon role, the same reads any visitor can
// make (the REST API and RLS decide what is public). `get` is injected: fetch on Supabase
// (index.ts), the local API's in-process PostgREST in `npm run dev` and the tests.
import { CHANGE_COLUMNS, parseChangeRow, type ChangeRow } from "../../_shared/change-text.ts";

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

function asProtocol(row: unknown): FeedProtocol | null {
  if (typeof row !== "object" || row === null) return null;
  const { id, name } = row as Record<string, unknown>;
  return typeof id === "string" && UUID.test(id) && typeof name === "string" && name.trim() !== ""
    ? { id, name }
    : null;
}

function rows<T>(value: unknown, parse: (row: unknown) => T | null): T[] {
  if (!Array.isArray(value)) throw new Error("the REST API did not answer a list");
  return value.map(parse).filter((row): row is T => row !== null);
}

export function createRestFeedStore(get: RestGet): FeedStore {
  return {
    async protocols() {
      return rows(await get("/protocols?select=id,name&order=name.asc"), asProtocol);
    },
    async changes({ protocolId, limit }) {
      const filter = protocolId === null ? "" : `&protocol_id=eq.${encodeURIComponent(protocolId)}`;
      const path = `/protocol_changes?select=${CHANGE_COLUMNS}&order=day.desc,id.desc&limit=${limit}${filter}`;
      return rows(await get(path), parseChangeRow);
    },
  };
}
