// Which browser pages may call the local API: the app itself on the dev, preview, e2e and bench
// ports, as 127.0.0.1 or localhost. Any other site's page (a developer browsing the web while
// `npm run dev` runs) gets no CORS headers and its requests are refused.
const DEV_PORT = 5173;
const PREVIEW_PORT = 4173;
const DEFAULT_E2E_APP_PORT = 4179;
const DEFAULT_BENCH_APP_PORT = 4183;

export function localOrigins({
  env = process.env,
  extra = [],
}: { env?: NodeJS.ProcessEnv; extra?: readonly string[] } = {}): string[] {
  const ports = [
    DEV_PORT,
    PREVIEW_PORT,
    Number(env.E2E_APP_PORT) || DEFAULT_E2E_APP_PORT,
    Number(env.BENCH_APP_PORT) || DEFAULT_BENCH_APP_PORT,
  ];
  const origins = ports.flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  // LOCAL_API_ALLOWED_ORIGINS: more origins, comma-separated (another port for vite preview).
  const configured = (env.LOCAL_API_ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim().replace(/\/+$/, ""));
  return [...new Set([...origins, ...configured, ...extra].filter(Boolean))];
}

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
