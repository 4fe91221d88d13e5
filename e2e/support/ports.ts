// The e2e stack's own addresses: distinct from `npm run dev` (5173 / 54321) and preview (4173).
// E2E_API_PORT / E2E_APP_PORT move them, so two checkouts can run their suites side by side.
export const E2E_API_PORT = Number(process.env.E2E_API_PORT) || 54329;
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`;
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT) || 4179;
export const E2E_APP_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
