// npm run deploy:check
// Reads the hosted project's settings through Supabase's Management API and compares them with
// what this repository expects: Auth sign-up off, every function deployed with its verify_jwt as
// supabase/config.toml sets it, a pg_cron job for each scheduled function, and the functions'
// secrets set (TURNSTILE_SECRET_KEY, the bot check, among them). Reads only.
//
//   SUPABASE_ACCESS_TOKEN=<personal access token> SUPABASE_PROJECT_REF=<ref> npm run deploy:check
//
// The project ref may instead come from `npx supabase@3.1.0 link` (supabase/.temp/project-ref).
// SUPABASE_API_URL points it at another Management API (default https://api.supabase.com).
// Exit status: 0 everything as expected, 1 a difference, 2 it could not check (token, ref, API).
import { existsSync, readFileSync } from "node:fs";
import { checkHostedProject, ManagementApiError, type ManagementApi } from "./deploy/check-hosted.ts";
import { expectedSettings } from "./deploy/expected.ts";

const root = new URL("../", import.meta.url);
const TIMEOUT_MS = 20_000;

function fail(message: string): never {
  console.error(`[deploy:check] ${message}`);
  process.exit(2);
}

const token = process.env.SUPABASE_ACCESS_TOKEN?.trim();
if (!token)
  fail("SUPABASE_ACCESS_TOKEN is not set: create a personal access token (supabase.com/dashboard/account/tokens)");
const linked = new URL("supabase/.temp/project-ref", root);
const ref = process.env.SUPABASE_PROJECT_REF?.trim() || (existsSync(linked) ? readFileSync(linked, "utf8").trim() : "");
if (!/^[a-z0-9]{20}$/.test(ref))
  fail(
    ref
      ? `"${ref}" is not a project ref (20 lower-case letters and digits)`
      : "SUPABASE_PROJECT_REF is not set, and no project is linked",
  );
const apiUrl = (process.env.SUPABASE_API_URL?.trim() || "https://api.supabase.com").replace(/\/+$/, "");

const api: ManagementApi = async (method, path, body) => {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ManagementApiError(`${apiUrl} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Kept as text: the error message shows it.
  }
  return { status: response.status, body: parsed };
};

try {
  const findings = await checkHostedProject(api, ref, expectedSettings(root));
  console.log(`[deploy:check] project ${ref}`);
  for (const finding of findings) console.log(`  ${finding.ok ? "ok  " : "DIFF"}  ${finding.what}: ${finding.detail}`);
  const differences = findings.filter((finding) => !finding.ok).length;
  console.log(
    differences === 0
      ? "[deploy:check] the hosted project matches the repository"
      : `[deploy:check] ${differences} difference(s): fix them, then run it again`,
  );
  process.exit(differences === 0 ? 0 : 1);
} catch (error) {
  fail(error instanceof ManagementApiError ? error.message : `unexpected error: ${(error as Error).message}`);
}
