-- GENERATED FILE: do not edit by hand.
-- Built from data/protocols.csv by `npm run data:build` (see docs/data.md).
-- Every row carries its provenance: source_url, as_of (the date the figures refer to) and notes.
-- 34 protocols.

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Apollo ACRED (Securitize)',
  'Tokenized feeder into the Apollo Diversified Credit Fund, an interval fund with 5% quarterly redemptions.',
  array['Private Credit']::text[],
  array['Ethereum', 'Solana', 'Polygon']::text[],
  '$100M',
  '~8-10%',
  'Medium',
  '$50K',
  'https://securitize.io',
  'https://securitize.io',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$100M; the master fund is ~$1.3B). Yield: estimate. Chains inferred, not confirmed by a published page: Ethereum, Solana, Polygon. Risk: diversified credit, but only quarterly liquidity.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Backed Finance (bTokens)',
  'Swiss 1:1-backed tracker certificates on ETFs and stocks (bCSPX, bIB01 and others) that are freely transferable.',
  array['Equities', 'US Treasuries']::text[],
  array['Ethereum', 'Base', 'Gnosis Chain', 'Polygon', 'Optimism']::text[],
  '$100M',
  'N/A',
  'Medium',
  'None secondary; primary for pros',
  'https://backed.fi',
  'https://backed.fi',
  '2025-10-31',
  'TVL: estimate for Oct 2025 based on ~$107M outside Solana on 4 Jul 2025. Yield: none of its own; bIB01 tracks a T-bill ETF''s yield. Risk: backed and bankruptcy-remote, but exposed to market risk.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'BlackRock BUIDL (Securitize)',
  'Tokenized USD institutional liquidity fund holding cash, US Treasury bills and repo; dividends are paid as new tokens.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Solana', 'Polygon', 'Optimism']::text[],
  '$2.8B',
  '3.8-4.2%',
  'Low',
  '$5M',
  'https://securitize.io',
  'https://securitize.io',
  '2025-10-31',
  'TVL: published figure ($2.64B on 2 Oct 2025; ~$2.85B late Oct 2025). Yield: estimate from the Fed funds range in Oct 2025 (4.00-4.25%, cut to 3.75-4.00% on 29 Oct). Risk: short Treasuries and repo, BNY custody.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Centrifuge',
  'Tokenization infrastructure for institutional funds, such as the Janus Henderson Anemoy Treasury fund (JTRSY) and AAA CLO fund (JAAA).',
  array['Private Credit', 'US Treasuries']::text[],
  array['Ethereum', 'Base', 'Celo']::text[],
  '$1.1B',
  '4-6%',
  'Medium',
  'Varies by pool (KYC''d professionals)',
  'https://centrifuge.io',
  'https://centrifuge.io',
  '2025-10-31',
  'TVL: published figure of another or no date (">$1.13B" in 2025; peak $1.37B). Yield: estimate. Risk: a mix of T-bills and CLO credit.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Circle USYC (ex-Hashnote)',
  'Tokenized Cayman short-duration yield fund holding T-bills and reverse repo; Circle acquired Hashnote in January 2025.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Solana', 'Base']::text[],
  '$866M',
  '3.8-4.1%',
  'Low',
  '$100K',
  'https://www.circle.com/usyc',
  'https://www.circle.com/usyc',
  '2025-10-31',
  'TVL: published figure (late Oct 2025). Yield: estimate from the Fed funds range in Oct 2025 (4.00-4.25%, cut to 3.75-4.00% on 29 Oct). Risk: T-bills and repo; offshore fund.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Clearpool',
  'Single-borrower, unsecured institutional lending pools with utilization-based rates.',
  array['Private Credit']::text[],
  array['Ethereum', 'Polygon', 'Optimism']::text[],
  '$3M',
  '6-12%',
  'High',
  'None',
  'https://clearpool.finance',
  'https://clearpool.finance',
  '2025-10-31',
  'TVL: published figure of no date (~$3M, DeFiLlama via exponential.fi). Yield: estimate. Risk: unsecured loans to trading firms.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Dinari (dShares)',
  'US-registered broker-dealer issuing 1:1-backed tokenized US stocks and ETFs.',
  array['Equities']::text[],
  array['Ethereum', 'Base']::text[],
  '$10M',
  'N/A',
  'High',
  '$1',
  'https://dinari.com',
  'https://dinari.com',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$10M). Yield: none of its own; dividends are passed through. Chains inferred, not confirmed by a published page: Ethereum, Base. Risk: equity market risk.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Etherfuse Stablebonds',
  'Tokens backed by government bonds: Mexican CETES, US Treasury notes and UK gilts.',
  array['US Treasuries']::text[],
  array['Stellar', 'Solana']::text[],
  '$15M',
  '~3.7% USTRY; ~7-8% CETES (MXN)',
  'Medium',
  '~$1 (orders from 1 MXN)',
  'https://etherfuse.com',
  'https://etherfuse.com',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$15M). Yield: estimate. Asset classes: also non-US government debt (CETES, gilts). Chains inferred, not confirmed by a published page: Stellar, Solana. Risk: small issuer, MXN currency risk; Bluechip rating B+.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'EthicHub',
  'Crowdlending to smallholder farmers in Latin America, backed by a crowd-collateral pool.',
  array['Private Credit']::text[],
  array['Celo']::text[],
  '$2M',
  '~7-9%',
  'Very High',
  'Unknown (low)',
  'https://ethichub.com',
  'https://ethichub.com',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$2M; $5M+ lent since 2018). Yield: estimate. Chains inferred, not confirmed by a published page: Celo. Risk: tiny emerging-market agricultural loans, currency risk.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Exodus (EXOD tokenized shares)',
  'Exodus Movement Class A common stock tokenized on Algorand, with Securitize as transfer agent.',
  array['Equities']::text[],
  array['Algorand']::text[],
  '$295M',
  'N/A',
  'High',
  '1 share',
  'https://www.exodus.com/investors',
  'https://www.exodus.com/investors',
  '2025-07-31',
  'TVL: published figure from Jul 2025 (Algorand tokenized stocks, $294.7M). Yield: none. Chains inferred, not confirmed by a published page: Algorand. Risk: a single small-cap stock; the register is kept off-chain.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Fidelity FDIT',
  'On-chain share class of a Fidelity Treasury money market fund.',
  array['US Treasuries']::text[],
  array['Ethereum']::text[],
  '$232M',
  '3.8-4.1%',
  'Low',
  'Institutional (not disclosed in sources)',
  'https://www.fidelity.com',
  'https://www.fidelity.com',
  '2025-10-31',
  'TVL: published figure (late Oct 2025). Yield: estimate from the Fed funds range in Oct 2025 (4.00-4.25%, cut to 3.75-4.00% on 29 Oct). Risk: Treasury money market fund.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Franklin Templeton BENJI (FOBXX)',
  'SEC-registered (''40 Act) US government money market fund whose share register is kept on public blockchains.',
  array['US Treasuries']::text[],
  array['Stellar', 'Polygon', 'Base', 'Solana']::text[],
  '$865M',
  '3.8-4.1%',
  'Low',
  '~$20 via Benji app (unverified)',
  'https://www.franklintempleton.com',
  'https://www.franklintempleton.com',
  '2025-10-31',
  'TVL: published figure (late Oct 2025). Yield: estimate from the Fed funds range in Oct 2025 (4.00-4.25%, cut to 3.75-4.00% on 29 Oct). Risk: registered 2a-7 money market fund. Min investment: unverified.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Goldfinch (Prime)',
  'Non-US access to Ares, Apollo and Golub private-credit funds, plus legacy undercollateralized emerging-market loans.',
  array['Private Credit']::text[],
  array['Ethereum', 'Base']::text[],
  '$1M',
  '9-12% target',
  'Very High',
  'KYC (UID) required; min unknown',
  'https://goldfinch.finance',
  'https://goldfinch.finance',
  '2025-05-31',
  'TVL: published figure from May 2025 (~$1M, Prime only; the legacy book originated ~$100M). Yield: target, not realized. Risk: legacy defaults, exits longer than 90 days; a wind-down proposal in 2026.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'KlimaDAO',
  'DAO treasury of tokenized carbon backing KLIMA, with a carbon retirement marketplace; restructuring as Klima 2.0.',
  array['Carbon Credits']::text[],
  array['Polygon', 'Base']::text[],
  '$10M',
  'N/A',
  'Very High',
  'None',
  'https://www.klimadao.finance',
  'https://www.klimadao.finance',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$10M). Yield: none. Chains inferred, not confirmed by a published page: Base. Risk: carbon prices and the Klima 2.0 restructuring.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Lofty',
  'Marketplace for fractional US rental properties with daily rent and secondary trading.',
  array['Real Estate']::text[],
  array['Algorand']::text[],
  '$20M',
  '5-10%',
  'High',
  '$50',
  'https://www.lofty.ai',
  'https://www.lofty.ai',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$20M). Yield: estimate. Risk: single properties, thin liquidity.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Maple Finance (Syrup)',
  'On-chain asset manager lending stablecoins to vetted institutions, mostly against BTC and ETH collateral.',
  array['Private Credit']::text[],
  array['Ethereum', 'Solana', 'Base']::text[],
  '$4.0B',
  '5-8%',
  'Medium',
  'None (Syrup, non-US)',
  'https://maple.finance',
  'https://maple.finance',
  '2025-10-31',
  'TVL: published figure of another or no date ($3.3B at end-Aug 2025; undated "$4B AUM" milestone; $4.59B at end-2025). Yield: estimate. Risk: counterparty and credit risk; defaults in 2022; overcollateralized since 2023.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Matrixdock XAUm',
  'Token for one ounce of LBMA gold in Brink''s vaults in Singapore and Hong Kong, from the issuer of the STBT T-bill token.',
  array['Commodities']::text[],
  array['Ethereum', 'Solana']::text[],
  '$80M',
  'N/A',
  'Medium',
  'None (~$10 via Matrixport swap)',
  'https://www.matrixdock.com',
  'https://www.matrixdock.com',
  '2025-10-31',
  'TVL: published figure of no date (~$80M). Yield: none; gold pays no yield. Risk: gold price volatility; single issuer.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Meld Gold',
  'Gram-denominated gold and silver tokens (GOLD$ and SILVER$) from an Australian issuer.',
  array['Commodities']::text[],
  array['Algorand']::text[],
  '$2M',
  'N/A',
  'High',
  'None (1 gram)',
  'https://meld.gold',
  'https://meld.gold',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$2M). Yield: none. Risk: small issuer; premiums and discounts on DEXs.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Moss (MCO2)',
  'Token backed by Verra REDD+ Amazon carbon credits; nothing new has been tokenized since May 2022.',
  array['Carbon Credits']::text[],
  array['Ethereum', 'Polygon', 'Celo']::text[],
  '$1M',
  'N/A',
  'Very High',
  'None',
  'https://moss.earth',
  'https://moss.earth',
  '2025-10-31',
  'TVL: published figures of no date (2.85M tokens at $0.44). Yield: none. Risk: down 97% from its all-time high; REDD+ credit quality.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Ondo Finance (OUSG + USDY)',
  'OUSG is a tokenized short-term US Treasury fund for qualified investors; USDY is a Treasury- and bank-deposit-backed yield note for non-US investors.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Solana', 'Polygon']::text[],
  '$1.4B',
  '3.8-4.3%',
  'Low',
  '$5K (OUSG); USDY lower (unverified)',
  'https://ondo.finance',
  'https://ondo.finance',
  '2025-10-31',
  'TVL: estimate (>$1B Mar 2025, ~$1.2B mid-2025; USDY $586M + OUSG $424M Apr 2025). Yield: estimate from the Fed funds range in Oct 2025 (4.00-4.25%, cut to 3.75-4.00% on 29 Oct). Risk: Treasuries; USDY adds a bank-deposit/note structure. Min investment: USDY''s lower minimum is unverified.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Ondo Global Markets',
  'Total-return stock and ETF tokens (the "…on" tokens) for non-US investors, launched on 3 Sep 2025 with more than 100 assets.',
  array['Equities']::text[],
  array['Ethereum']::text[],
  '$300M',
  'N/A',
  'High',
  'KYC, non-US (min not verified)',
  'https://ondo.finance',
  'https://ondo.finance',
  '2025-10-31',
  'TVL: published figure ($313M about two months after the 3 Sep 2025 launch). Yield: none. Risk: single-stock volatility; a wrapper. Min investment: not verified.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'OpenEden TBILL',
  'BVI-regulated tokenized T-bill vault (ERC-4626) with BNY custody, rated A-bf by Moody''s.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Base', 'Solana']::text[],
  '$250M',
  '3.7-4.1%',
  'Low',
  '$100K first deposit',
  'https://openeden.com',
  'https://openeden.com',
  '2025-10-31',
  'TVL: estimate (~$300M mid-2025). Yield: estimate, after the 0.30% fee. Risk: T-bills, BNY custody.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Paxos Gold (PAXG)',
  'NYDFS-regulated token for one troy ounce of London Good Delivery gold.',
  array['Commodities']::text[],
  array['Ethereum', 'Solana']::text[],
  '$1.2B',
  'N/A',
  'Medium',
  'None (secondary market)',
  'https://paxos.com/paxgold',
  'https://paxos.com/paxgold',
  '2025-10-07',
  'TVL: published figure (7 Oct 2025). Yield: none; gold pays no yield. Risk: gold price volatility; regulated trust company.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'RealT',
  'Fractional US rental homes, mostly in Detroit, one LLC per property, with weekly rent paid in stablecoins.',
  array['Real Estate']::text[],
  array['Ethereum', 'Gnosis Chain']::text[],
  '$150M',
  '8-12% advertised',
  'Very High',
  '~$50',
  'https://realt.co',
  'https://realt.co',
  '2025-10-31',
  'TVL: published figure of another date (peak portfolio value; ~$94M raised for ~700 homes). Yield: advertised, not realized. Risk: Detroit lawsuit of Jul 2025 over 400+ properties; rent put in escrow.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Reental',
  'Spanish platform tokenizing participating loans on rental and development property in Spain, Mexico and the US.',
  array['Real Estate']::text[],
  array['Polygon']::text[],
  '$15M',
  '8-12%',
  'High',
  '€100',
  'https://www.reental.co',
  'https://www.reental.co',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$15M; €7.8M across 36 properties in May 2023). Yield: estimate. Risk: economic rights, not title; development risk.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Spiko (USTBL / EUTBL)',
  'French UCITS money market funds investing in US or euro-area T-bills, with shares registered natively on-chain.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Polygon', 'Base']::text[],
  '$400M',
  '~4.0% USD / ~2.0% EUR',
  'Low',
  '$1 ($1,000 first subscription)',
  'https://www.spiko.io',
  'https://www.spiko.io',
  '2025-10-31',
  'TVL: estimate (issuer AUM $200M in early 2025). Yield: estimate. Asset classes: EUTBL holds euro-area government bills, which have no class of their own here. Risk: UCITS money market funds.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Superstate USTB',
  'Short-duration US government securities fund with a continuous NAV, sub-advised by Federated Hermes.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Solana']::text[],
  '$800M',
  '3.9-4.1%',
  'Low',
  '$100K (qualified purchasers)',
  'https://superstate.com/assets/ustb',
  'https://superstate.com/assets/ustb',
  '2025-10-31',
  'TVL: estimate (the holdings report of 28 Nov 2025 implies ~$0.9B; $661M in Apr 2025). Yield: estimate; the holdings report shows 3.93-4.03%. Risk: short US government securities.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Swarm Markets',
  'BaFin-licensed platform for tokenized stocks and bonds, traded through KYC''d AMM and dOTC markets.',
  array['Equities']::text[],
  array['Ethereum', 'Polygon']::text[],
  '$5M',
  'N/A',
  'High',
  'None',
  'https://swarm.com',
  'https://swarm.com',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$5M). Yield: none. Risk: thin adoption and liquidity.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Tether Gold (XAUt)',
  'Token for one troy ounce of LBMA gold held in Swiss vaults.',
  array['Commodities']::text[],
  array['Ethereum', 'Tron']::text[],
  '$1.5B',
  'N/A',
  'Medium',
  'None (secondary market)',
  'https://gold.tether.to',
  'https://gold.tether.to',
  '2025-10-07',
  'TVL: published figure (7 Oct 2025). Yield: none; gold pays no yield. Risk: gold price volatility; single issuer.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'Toucan Protocol',
  'Carbon-credit tokenization (TCO2, and the BCT and NCT pool tokens); the legacy Verra bridge is inactive.',
  array['Carbon Credits']::text[],
  array['Polygon', 'Celo']::text[],
  '$3M',
  'N/A',
  'Very High',
  'None',
  'https://toucan.earth',
  'https://toucan.earth',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$3M). Yield: none. Risk: Verra''s 2022 tokenization ban; low-quality legacy credits.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'TrueFi',
  'On-chain credit infrastructure (lines of credit, asset vaults) that has originated more than $1.7B since 2020.',
  array['Private Credit']::text[],
  array['Ethereum']::text[],
  '$10M',
  '6-12%',
  'High',
  'Varies; KYC for some portfolios',
  'https://truefi.io',
  'https://truefi.io',
  '2025-10-31',
  'TVL: low-confidence estimate, needs checking (~$10M; $5.6M in 2023). Yield: estimate. Risk: uncollateralized lending; past defaults.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'WisdomTree WTGXX (Prime/Connect)',
  'Tokenized SEC-registered government money market fund with a $1 NAV; retail access via WisdomTree Prime.',
  array['US Treasuries']::text[],
  array['Ethereum', 'Stellar', 'Base', 'Optimism']::text[],
  '$750M',
  '3.8-4.1%',
  'Low',
  '$1',
  'https://www.wisdomtree.com/investments/digital-funds/money-market/wtgxx',
  'https://www.wisdomtree.com/investments/digital-funds/money-market/wtgxx',
  '2025-10-31',
  'TVL: estimate ($900M+ in Jul 2025 per Token Terminal; ~$730M later). Yield: estimate from the Fed funds range in Oct 2025 (4.00-4.25%, cut to 3.75-4.00% on 29 Oct). Risk: registered government money market fund.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'stUSDT (TRON / RWA DAO)',
  'Staked-USDT receipt token said to earn short-term government-bond yield.',
  array['US Treasuries']::text[],
  array['Tron', 'Ethereum']::text[],
  'N/A',
  '~4%',
  'High',
  'None',
  'https://stusdt.io',
  'https://stusdt.io',
  '2025-10-31',
  'TVL: not shown because it is unclear: $1.7B was claimed in 2023 and a later figure of about $62M is a low-confidence estimate that needs checking. Asset classes: the US Treasury backing is claimed, not verified. Yield: estimate. Risk: reserves, custodians and attestations are not disclosed.'
);

insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, source_url, as_of, notes) values (
  'xStocks (Backed)',
  'More than 60 tokenized US stocks and ETFs (TSLAx, SPYx and others) for non-US users, traded on Kraken, Bybit, Raydium and Kamino.',
  array['Equities']::text[],
  array['Solana']::text[],
  '$150M',
  'N/A',
  'High',
  'None (fractional)',
  'https://backed.fi',
  'https://backed.fi',
  '2025-10-31',
  'TVL: estimate (~$40M in late Jul 2025; Backed held ~23% of a ~$800M market by Dec 2025). Yield: none. Risk: single stocks; a wrapper without shareholder rights.'
);
