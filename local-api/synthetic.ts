import type { PGlite } from "@electric-sql/pglite";

export const MAX_SYNTHETIC_PROTOCOLS = 100_000;

/**
 * Inserts N deterministic, constraint-valid protocols for scale testing (LOCAL_API_SYNTHETIC).
 * Generated inside Postgres in one statement, so 10,000 rows take well under a second. The names
 * say "Synthetic" so these rows can never pass for real market data.
 */
export async function insertSyntheticProtocols(db: PGlite, count: number): Promise<void> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SYNTHETIC_PROTOCOLS) {
    throw new Error(`LOCAL_API_SYNTHETIC must be an integer from 1 to ${MAX_SYNTHETIC_PROTOCOLS}, got ${count}`);
  }
  await db.query(
    `
    with lists as (
      select
        array['US Treasuries','Private Credit','Real Estate','Commodities','Carbon Credits','Equities'] as classes,
        array['Ethereum','Solana','Polygon','Base','Algorand','Stellar','Optimism','Tron','Gnosis Chain','Polymesh','Celo'] as chains,
        array['Low','Medium','High','Very High'] as risks
    )
    insert into public.protocols
      (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
    select
      format('Synthetic Protocol %s', lpad(i::text, 6, '0')),
      format('Synthetic test row %s for scale testing. Not a real protocol and not market data.', i),
      case when i % 4 = 0
        then array[classes[1 + i % 6], classes[1 + (i + 1) % 6]]
        else array[classes[1 + i % 6]] end,
      (select array_agg(chains[1 + (i + k * 3) % 11] order by k) from generate_series(0, i % 5) k),
      case when i % 17 = 0 then 'N/A'
           when i % 3 = 0 then format('$%s.%sB', 1 + i % 9, i % 10)
           else format('$%sM', 1 + (i * 37) % 999) end,
      format('%s-%s%%', 2 + i % 5, 6 + i % 7),
      risks[1 + i % 4],
      case when i % 2 = 0 then 'None' else format('$%s', 1 + (i * 13) % 100000) end,
      format('https://example.com/synthetic/%s', i)
    from generate_series(1, $1::int) as i, lists
    `,
    [count],
  );
}
