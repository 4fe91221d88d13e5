import { env } from "@/config/env";

/** The change log's Atom feed (the `feed` Edge Function): the whole site's, or one protocol's by its page slug. */
export function feedUrl(slug?: string): string {
  const base = `${env.supabaseUrl}/functions/v1/feed`;
  return slug === undefined ? base : `${base}?protocol=${encodeURIComponent(slug)}`;
}
