// Which migration a database lacks when sync_protocols refuses a column data:push sends: each
// migration that added protocol columns, and the columns it added (protocol-row.ts's order).
import { COLUMNS } from "./rules/protocol-row.ts";

export const TERMS_MIGRATION_FILE = "supabase/migrations/20251201000200_protocol_terms.sql";
export const YIELDS_MIGRATION_FILE = "supabase/migrations/20261125001900_yields_and_tracked_rows.sql";
export const CURATED_YIELD_MIGRATION_FILE = "supabase/migrations/20261127210000_curated_yield_document.sql";

const between = (first: string, next?: string) =>
  COLUMNS.slice(
    COLUMNS.indexOf(first as (typeof COLUMNS)[number]),
    next === undefined ? undefined : COLUMNS.indexOf(next as (typeof COLUMNS)[number]),
  );

const MIGRATIONS = [
  { file: TERMS_MIGRATION_FILE, what: "the term columns", fields: between("investor_access", "defillama_id") },
  {
    file: YIELDS_MIGRATION_FILE,
    what: "the yield and tracked-row columns",
    fields: between("defillama_id", "yield_document_date"),
  },
  {
    file: CURATED_YIELD_MIGRATION_FILE,
    what: "a curated yield's page date and kind",
    fields: between("yield_document_date"),
  },
];

/** The message for a refusal of a column a later migration added; null when the refusal is another. */
export function missingMigration(message: string): string | null {
  const missing = MIGRATIONS.find(({ fields }) => fields.some((field) => message.includes(`unknown field "${field}"`)));
  return missing === undefined
    ? null
    : `The database's sync_protocols does not know ${missing.what}: apply ${missing.file} first (supabase db push). Nothing was changed.`;
}
