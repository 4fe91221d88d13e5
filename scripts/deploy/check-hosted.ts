// Compares a hosted Supabase project's settings with what the repository expects (expected.ts),
// through Supabase's Management API (api.supabase.com, a personal access token). Reads only:
// GET config/auth, GET functions, GET secrets (names; the API gives digests, never values) and
// one read-only SQL query on cron.job. Runtime-neutral: the fetcher is injected, so the tests
// drive it with saved responses.
import type { ExpectedSettings } from "./expected.ts";

export type ApiAnswer = { status: number; body: unknown };
export type ManagementApi = (method: "GET" | "POST", path: string, body?: unknown) => Promise<ApiAnswer>;

/** One line of the report: a setting as expected, or a difference to fix. */
export type Finding = { ok: boolean; what: string; detail: string };

export class ManagementApiError extends Error {}

/** The cron.job columns the check reads; read-only, and no secret is selected on purpose beyond the command. */
export const CRON_QUERY = "select jobname, schedule, active, command from cron.job order by jobname";

export async function checkHostedProject(
  api: ManagementApi,
  ref: string,
  expected: ExpectedSettings,
): Promise<Finding[]> {
  const base = `/v1/projects/${encodeURIComponent(ref)}`;
  return [
    ...checkAuth(await read(api, "GET", `${base}/config/auth`)),
    ...checkFunctions(await read(api, "GET", `${base}/functions`), expected),
    ...checkSecrets(await read(api, "GET", `${base}/secrets`), expected),
    ...checkCron(await api("POST", `${base}/database/query`, { query: CRON_QUERY, read_only: true }), ref, expected),
  ];
}

async function read(api: ManagementApi, method: "GET", path: string): Promise<unknown> {
  const answer = await api(method, path);
  if (answer.status === 401 || answer.status === 403)
    throw new ManagementApiError(
      `the Management API refused the token (${answer.status} on ${path}): check SUPABASE_ACCESS_TOKEN`,
    );
  if (answer.status === 404) throw new ManagementApiError(`no such project (404 on ${path}): check the project ref`);
  if (answer.status < 200 || answer.status > 299)
    throw new ManagementApiError(`the Management API answered ${answer.status} on ${path}: ${describe(answer.body)}`);
  return answer.body;
}

function checkAuth(body: unknown): Finding[] {
  const off = (body as { disable_signup?: unknown } | null)?.disable_signup;
  return [
    off === true
      ? { ok: true, what: "auth", detail: "sign-ups are off" }
      : {
          ok: false,
          what: "auth",
          detail: `sign-ups are ON (disable_signup is ${JSON.stringify(off ?? null)}): the site has no accounts; switch "Allow new users to sign up" off (README, Deploy)`,
        },
  ];
}

function checkFunctions(body: unknown, expected: ExpectedSettings): Finding[] {
  const deployed = new Map<string, { status?: unknown; verify_jwt?: unknown }>();
  for (const fn of Array.isArray(body) ? body : []) {
    if (typeof fn?.slug === "string") deployed.set(fn.slug, fn);
  }
  const findings: Finding[] = [];
  for (const { slug, verifyJwt } of expected.functions) {
    const fn = deployed.get(slug);
    const what = `function ${slug}`;
    if (!fn) findings.push({ ok: false, what, detail: "not deployed" });
    else if (fn.status !== "ACTIVE")
      findings.push({ ok: false, what, detail: `status ${String(fn.status)}, not ACTIVE` });
    else if ((fn.verify_jwt ?? true) !== verifyJwt)
      findings.push({
        ok: false,
        what,
        detail: `verify_jwt is ${String(fn.verify_jwt ?? true)}, supabase/config.toml says ${verifyJwt}: redeploy it (README, Deploy)`,
      });
    else findings.push({ ok: true, what, detail: `active, verify_jwt ${verifyJwt}` });
  }
  for (const slug of deployed.keys()) {
    if (!expected.functions.some((fn) => fn.slug === slug))
      findings.push({
        ok: false,
        what: `function ${slug}`,
        detail: "deployed but not in supabase/functions: delete it",
      });
  }
  return findings;
}

function checkSecrets(body: unknown, expected: ExpectedSettings): Finding[] {
  const names = new Set((Array.isArray(body) ? body : []).map((secret) => (secret as { name?: unknown })?.name));
  return expected.secrets.map((name) =>
    names.has(name)
      ? { ok: true, what: `secret ${name}`, detail: "set" }
      : {
          ok: false,
          what: `secret ${name}`,
          detail:
            name === "TURNSTILE_SECRET_KEY"
              ? "not set: signups have NO bot check (README, Deploy)"
              : "not set (README, Deploy: supabase secrets set)",
        },
  );
}

function checkCron(answer: ApiAnswer, ref: string, expected: ExpectedSettings): Finding[] {
  if (answer.status < 200 || answer.status > 299)
    return [
      {
        ok: false,
        what: "cron",
        detail: `cron.job could not be read (${answer.status}: ${describe(answer.body)}); is pg_cron enabled?`,
      },
    ];
  const jobs = (Array.isArray(answer.body) ? answer.body : []) as Array<Record<string, unknown>>;
  return expected.scheduled.map((slug) => {
    const what = `cron job for ${slug}`;
    const target = `${ref}.supabase.co/functions/v1/${slug}`;
    const job = jobs.find((j) => typeof j.command === "string" && j.command.includes(target));
    if (!job) return { ok: false, what, detail: `no job POSTs to https://${target} (README, Deploy)` };
    if (job.active !== true) return { ok: false, what, detail: `job ${String(job.jobname)} is not active` };
    if (/Bearer\s+[A-Za-z0-9_-]{32,}/.test(String(job.command)))
      return {
        ok: false,
        what,
        detail: `job ${String(job.jobname)} holds its secret in clear in cron.job: read it from Vault (README, Deploy)`,
      };
    return { ok: true, what, detail: `job ${String(job.jobname)} (${String(job.schedule)})` };
  });
}

function describe(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return (typeof message === "string" ? message : (JSON.stringify(body) ?? "")).slice(0, 200);
}
