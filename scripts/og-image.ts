// Renders public/og-image.png (1200x630, the Open Graph / Twitter card preview) from HTML with
// Chromium. Run: npx tsx scripts/og-image.ts  (re-run when the headline figures change).
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../bench/chromium.ts";
import { colors } from "../tailwind.config.ts";

const OUT = fileURLToPath(new URL("../public/og-image.png", import.meta.url));

// Real October 2025 figures from the seed (supabase/seed.sql).
const rows = [
  { label: "TVL", values: ["$2.8B", "$4.0B", "$1.4B"], best: [1] },
  { label: "Yield", values: ["3.8-4.2%", "5-8%", "3.8-4.3%"], best: [1] },
  { label: "Risk", values: ["Low", "Medium", "Low"], best: [0, 2] },
  { label: "Minimum", values: ["$5M", "None", "$5K"], best: [1] },
];
const names = ["BlackRock BUIDL", "Maple Finance", "Ondo Finance"];

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif;
    background: radial-gradient(circle at 85% 0%, #134e4a 0, transparent 45%), linear-gradient(135deg, ${colors.primary} 0%, ${colors["primary-raised"]} 60%, ${colors.primary} 100%);
    color: #fff; padding: 56px 64px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 16px; font-size: 30px; font-weight: 700; letter-spacing: -0.5px; }
  .brand svg { width: 52px; height: 52px; }
  .tag { margin-left: auto; font-size: 18px; font-weight: 700; color: #5eead4; border: 2px solid #2dd4bf55; border-radius: 999px; padding: 8px 18px; letter-spacing: 1px; }
  main { display: flex; gap: 48px; margin-top: 44px; flex: 1; }
  .copy { flex: 1.05; }
  h1 { font-size: 54px; line-height: 1.08; letter-spacing: -1.5px; font-weight: 700; }
  h1 span { color: #5eead4; }
  .lead { margin-top: 22px; font-size: 24px; line-height: 1.4; color: #cbd5e1; }
  .chips { margin-top: 28px; display: flex; gap: 10px; flex-wrap: wrap; }
  .chip { font-size: 18px; padding: 7px 14px; border-radius: 8px; background: #ffffff14; border: 1px solid #ffffff26; color: #e2e8f0; }
  .card { flex: 1; align-self: flex-start; background: ${colors.surface}; color: ${colors.foreground}; border-radius: 18px; padding: 22px 22px 16px; box-shadow: 0 30px 60px #00000066; }
  .card h2 { font-size: 17px; text-transform: uppercase; letter-spacing: 1.5px; color: ${colors["muted-foreground"]}; margin-bottom: 12px; }
  table { width: 100%; border-collapse: collapse; font-size: 18px; }
  th { text-align: left; font-size: 15px; color: ${colors.foreground}; padding: 6px 8px 10px; font-weight: 700; border-bottom: 2px solid ${colors.border}; }
  td { padding: 11px 8px; border-bottom: 1px solid ${colors.muted}; font-weight: 700; white-space: nowrap; }
  td.label { color: ${colors["muted-foreground"]}; font-size: 14px; text-transform: uppercase; letter-spacing: 1px; font-weight: 700; }
  td.best { background: #ecfdf5; }
  .b { display: inline-block; margin-left: 6px; font-size: 11px; letter-spacing: .8px; background: #047857; color: #fff; border-radius: 4px; padding: 2px 5px; vertical-align: 2px; }
  footer { display: flex; justify-content: space-between; font-size: 19px; color: #94a3b8; }
  footer strong { color: #e2e8f0; }
</style></head><body>
  <div class="brand">
    <svg viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${colors["primary-raised"]}" stroke="#2dd4bf" stroke-width="1"/><path d="M9 23 16 8l7 15" fill="none" stroke="#5eead4" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/><path d="M11.5 18h9" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>
    RWA Atlas
    <span class="tag">FREE EXPLORER</span>
  </div>
  <main>
    <div class="copy">
      <h1>Compare tokenized <span>real-world-asset</span> protocols</h1>
      <p class="lead">TVL, yield, risk and minimum investment side by side. Share the view, export it as CSV.</p>
      <div class="chips"><span class="chip">US Treasuries</span><span class="chip">Private Credit</span><span class="chip">Real Estate</span></div>
    </div>
    <div class="card">
      <h2>Comparison</h2>
      <table>
        <tr><th></th>${names.map((n) => `<th>${n}</th>`).join("")}</tr>
        ${rows
          .map(
            (row) =>
              `<tr><td class="label">${row.label}</td>${row.values
                .map((v, i) =>
                  row.best.includes(i) ? `<td class="best">${v}<span class="b">BEST</span></td>` : `<td>${v}</td>`,
                )
                .join("")}</tr>`,
          )
          .join("")}
      </table>
    </div>
  </main>
  <footer><span><strong>34 protocols</strong> · 6 asset classes · 10 blockchains</span><span>Data as of October 2025 • Updated monthly</span></footer>
</body></html>`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: "load" });
  await page.screenshot({ path: OUT, type: "png" });
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
}
