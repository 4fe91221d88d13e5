// data:push names the migration a database lacks when sync_protocols refuses a column it sends.
import { describe, expect, it } from "vitest";
import {
  CURATED_YIELD_MIGRATION_FILE,
  missingMigration,
  TERMS_MIGRATION_FILE,
  YIELDS_MIGRATION_FILE,
} from "./push-migrations.ts";

describe("missingMigration", () => {
  it("names the migration that added the refused column", () => {
    expect(missingMigration('sync_protocols: unknown field "yield_document_date"')).toBe(
      `The database's sync_protocols does not know a curated yield's page date and kind: apply ${CURATED_YIELD_MIGRATION_FILE} first (supabase db push). Nothing was changed.`,
    );
    expect(missingMigration('sync_protocols: unknown field "min_investment_source_url"')).toContain(
      YIELDS_MIGRATION_FILE,
    );
    expect(missingMigration('sync_protocols: unknown field "kyc"')).toContain(TERMS_MIGRATION_FILE);
  });

  it("leaves any other refusal to the caller", () => {
    expect(missingMigration('sync_protocols: unknown field "id"')).toBeNull();
    expect(missingMigration("permission denied")).toBeNull();
  });
});
