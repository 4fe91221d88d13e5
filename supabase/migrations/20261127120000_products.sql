-- Products (issue 28): every token or share class a protocol issues, with its own terms (who may
-- buy, KYC, minimum, redemption, an instant facility, fees), the page that states each term, and
-- its yield (DefiLlama's pools matched by pool_symbols, else the yield its issuer states).
-- Seeded from data/products.json (npm run data:build), written by data:push in the same
-- transaction as the protocols, read by anon. docs/data.md, "Products".

create table public.products (
  id uuid primary key default gen_random_uuid(),
  protocol_id uuid not null references public.protocols (id) on delete cascade,
  symbol text not null,
  name text not null,
  chains text[] not null default '{}',
  asset_class text not null,
  -- What the asset class leaves out ('Reinsurance', 'AAA CLOs'): the class is one of the six.
  asset_note text,
  -- Which of the protocol's DefiLlama pools are this product's: pool ids, symbols, 'SYMBOL (poolMeta)'.
  pool_symbols text[] not null default '{}',
  investor_access text not null default 'unknown',
  kyc text not null default 'unknown',
  -- US dollars; 0 is 'no minimum', null 'not stated' (the note says why, or gives lot sizes and currencies).
  min_investment_usd numeric,
  min_investment_note text,
  redemption text not null default 'unknown',
  redemption_days integer,
  redemption_window text,
  -- A queue's usual wait as its issuer states it, in hours.
  redemption_usual_hours numeric,
  redemption_note text,
  instant_facility text,
  -- Percent (0.15 = 0.15% a year for management); null = not stated.
  management_fee_pct numeric,
  subscription_fee_pct numeric,
  redemption_fee_pct numeric,
  fees_note text,
  -- The issuer's stated yield, for a product DefiLlama has no pool for; its date is the document's
  -- (YYYY-MM-DD, YYYY-MM, or 'undated': its source's read_on dates it then).
  stated_yield_apy numeric,
  stated_yield_as_of text,
  stated_yield_net_of_management_fee boolean,
  -- Whether DefiLlama's pool APY for this product is already net of the management fee (NAV-derived).
  pool_yield_net_of_management_fee boolean,
  -- DefiLlama's pools for the product on its last refresh (the seed, then the daily refresh).
  pool_apy_min numeric,
  pool_apy_max numeric,
  pool_yield_as_of date,
  pool_yield_source_url text,
  -- term -> { url, document_date, read_on, tier, kind }: the page that states each known term.
  sources jsonb not null default '{}'::jsonb,
  -- Short labelled lines; each may hold one markdown link [text](url).
  notes text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint products_protocol_symbol_unique unique (protocol_id, symbol),
  constraint products_symbol_check check (symbol = btrim(symbol) and char_length(symbol) between 1 and 40),
  constraint products_name_check check (name = btrim(name) and char_length(name) between 1 and 200),
  constraint products_chains_check check (
    array_ndims(chains) is null or (array_ndims(chains) = 1 and array_position(chains, null) is null)
  ),
  -- The six, 'Other' (none of them: asset_note says what) or 'Unclassified' (not reviewed yet).
  constraint products_asset_class_check check (
    asset_class in (
      'US Treasuries', 'Private Credit', 'Real Estate', 'Commodities', 'Carbon Credits', 'Equities', 'Other',
      'Unclassified'
    )
  ),
  constraint products_pool_symbols_check check (
    array_ndims(pool_symbols) is null or (array_ndims(pool_symbols) = 1 and array_position(pool_symbols, null) is null)
  ),
  constraint products_investor_access_check check (
    investor_access in (
      'retail', 'retail-non-us', 'accredited', 'qualified-purchaser', 'institutional', 'not-disclosed', 'unknown'
    )
  ),
  constraint products_kyc_check check (kyc in ('yes', 'no', 'not-disclosed', 'unknown')),
  constraint products_min_investment_check check (min_investment_usd is null or min_investment_usd >= 0),
  constraint products_redemption_check check (
    redemption in ('instant', 'days', 'queue', 'window', 'none', 'not-disclosed', 'unknown')
  ),
  constraint products_redemption_days_check check (
    (redemption = 'days') = (redemption_days is not null) and (redemption_days is null or redemption_days between 1 and 365)
  ),
  -- A window whose frequency no page fixes (set per vault) has none: 'Periodic window'.
  constraint products_redemption_window_check check (
    redemption_window is null or (redemption = 'window' and redemption_window in ('daily', 'weekly', 'monthly', 'quarterly'))
  ),
  constraint products_redemption_usual_hours_check check (
    redemption_usual_hours is null or (redemption = 'queue' and redemption_usual_hours > 0)
  ),
  constraint products_fees_check check (
    (management_fee_pct is null or management_fee_pct between 0 and 100)
    and (subscription_fee_pct is null or subscription_fee_pct between 0 and 100)
    and (redemption_fee_pct is null or redemption_fee_pct between 0 and 100)
  ),
  constraint products_texts_check check (
    (asset_note is null or char_length(asset_note) between 1 and 300)
    and (min_investment_note is null or char_length(min_investment_note) between 1 and 500)
    and (redemption_note is null or char_length(redemption_note) between 1 and 500)
    and (instant_facility is null or char_length(instant_facility) between 1 and 500)
    and (fees_note is null or char_length(fees_note) between 1 and 500)
  ),
  constraint products_stated_yield_check check (
    (stated_yield_apy is null) = (stated_yield_as_of is null)
    and (stated_yield_apy is null or (stated_yield_apy >= 0 and stated_yield_apy < 1000))
    and (stated_yield_as_of is null or stated_yield_as_of ~ '^(undated|[0-9]{4}-[0-9]{2}(-[0-9]{2})?)$')
  ),
  constraint products_pool_yield_check check (
    (pool_apy_min is null) = (pool_apy_max is null)
    and (pool_apy_min is null) = (pool_yield_as_of is null)
    and (pool_apy_min is null) = (pool_yield_source_url is null)
    and (pool_apy_min is null or (pool_apy_min >= 0 and pool_apy_min <= pool_apy_max and pool_apy_max < 1000))
  ),
  constraint products_pool_yield_source_url_check check (
    pool_yield_source_url is null or (pool_yield_source_url ~ '^https?://[^\s]+$' and char_length(pool_yield_source_url) <= 2048)
  ),
  constraint products_sources_check check (jsonb_typeof(sources) = 'object'),
  constraint products_notes_check check (
    cardinality(notes) <= 12 and (array_ndims(notes) is null or array_ndims(notes) = 1)
    and array_position(notes, null) is null
  )
);

comment on table public.products is
  'The tokens and share classes each protocol issues, with their terms and sources. Public read, no public write.';

create index products_by_protocol on public.products (protocol_id, symbol);

create trigger products_set_updated_at
  before update on public.products
  for each row execute function public.protocols_set_updated_at();

-- The same grants and read policy as the other public tables.
revoke all on table public.products from anon, authenticated;
grant select on table public.products to anon, authenticated;
grant all on table public.products to service_role;

alter table public.products enable row level security;

create policy "Products are readable by everyone"
  on public.products
  for select
  to anon, authenticated
  using (true);

-- The protocol row summarises its products, so the directory keeps its one request: how many, the
-- lowest stated minimum, and the most open investor access any of them offers (the investor-type
-- filter matches a protocol when any product fits: docs/decisions/014-product-summary-in-the-row.md).
alter table public.protocols
  add column product_count integer not null default 0,
  add column product_min_investment_usd numeric,
  add column product_investor_access text,
  -- What the yield range leaves out and why (data gaps: docs/data.md, "Yields"), written with the range.
  add column yield_note text,
  add constraint protocols_product_investor_access_check check (
    product_investor_access is null
    or product_investor_access in ('retail', 'retail-non-us', 'accredited', 'qualified-purchaser', 'institutional')
  ),
  add constraint protocols_yield_note_check check (yield_note is null or char_length(yield_note) between 1 and 600);

comment on column public.protocols.product_count is 'How many products (public.products) the protocol issues; kept by a trigger.';
comment on column public.protocols.product_min_investment_usd is 'The lowest stated minimum of its products (US dollars); kept by a trigger.';
comment on column public.protocols.product_investor_access is 'The most open investor access of its products; kept by a trigger.';

-- A protocol DefiLlama gives no website is listed all the same, its website 'Unknown' (Valos).
alter table public.protocols alter column url drop not null;

create function public.summarise_products()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  with summary as (
    select p.id,
      count(pr.id)::integer as n,
      min(pr.min_investment_usd) as min_usd,
      (array_agg(pr.investor_access order by array_position(
         array['retail', 'retail-non-us', 'accredited', 'qualified-purchaser', 'institutional'], pr.investor_access))
       filter (where pr.investor_access in ('retail', 'retail-non-us', 'accredited', 'qualified-purchaser', 'institutional'))
      )[1] as access
    from public.protocols p
    left join public.products pr on pr.protocol_id = p.id
    group by p.id
  )
  update public.protocols as p set
    product_count = s.n,
    product_min_investment_usd = s.min_usd,
    product_investor_access = s.access
  from summary s
  where p.id = s.id
    and (p.product_count, p.product_min_investment_usd, p.product_investor_access)
      is distinct from (s.n, s.min_usd, s.access);
  return null;
end;
$$;

revoke execute on function public.summarise_products() from public, anon, authenticated;

create trigger products_summarise
  after insert or update or delete or truncate on public.products
  for each statement execute function public.summarise_products();

-- Replaces every product in one transaction (data:push, inside sync_protocols_and_products):
-- deletes those the list no longer has, upserts the rest by (protocol, symbol). The pool yield
-- columns are the refresh's: a push keeps them.
--   products: [{ "protocol", "symbol", "name", ..., "sources", "notes" }] (public.products' columns,
--   the protocol by name)
create function public.sync_products(products jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'protocol', 'symbol', 'name', 'chains', 'asset_class', 'asset_note', 'pool_symbols', 'investor_access', 'kyc',
    'min_investment_usd', 'min_investment_note', 'redemption', 'redemption_days', 'redemption_window',
    'redemption_usual_hours', 'redemption_note', 'instant_facility', 'management_fee_pct',
    'subscription_fee_pct', 'redemption_fee_pct', 'fees_note', 'stated_yield_apy', 'stated_yield_as_of',
    'stated_yield_net_of_management_fee', 'pool_yield_net_of_management_fee', 'sources', 'notes'
  ];
  bad_key text;
  unknown_name text;
  duplicate text;
  deleted_count integer;
  inserted_count integer;
  updated_count integer;
begin
  if products is null or jsonb_typeof(products) <> 'array' then
    raise exception 'sync_products: products must be a JSON array of objects' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(products) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'sync_products: every element of products must be an object' using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(products) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (allowed_keys)
  limit 1;
  if bad_key is not null then
    raise exception 'sync_products: unknown field "%"', bad_key using errcode = '22023';
  end if;
  select e.value ->> 'protocol' into unknown_name
  from jsonb_array_elements(products) as e(value)
  where not exists (select 1 from public.protocols p where p.name = e.value ->> 'protocol')
  limit 1;
  if unknown_name is not null then
    raise exception 'sync_products: no protocol is named "%"', unknown_name using errcode = '22023';
  end if;
  select (e.value ->> 'protocol') || ' / ' || (e.value ->> 'symbol') into duplicate
  from jsonb_array_elements(products) as e(value)
  group by e.value ->> 'protocol', e.value ->> 'symbol'
  having count(*) > 1
  limit 1;
  if duplicate is not null then
    raise exception 'sync_products: "%" appears more than once', duplicate using errcode = '22023';
  end if;

  delete from public.products as pr
  using public.protocols p
  where p.id = pr.protocol_id
    and not exists (
      select 1 from jsonb_array_elements(products) as e(value)
      where e.value ->> 'protocol' = p.name and e.value ->> 'symbol' = pr.symbol
    );
  get diagnostics deleted_count = row_count;

  with input as (
    select p.id as protocol_id, r.*
    from jsonb_to_recordset(products) as r(
      protocol text, symbol text, name text, chains text[], asset_class text, asset_note text, pool_symbols text[],
      investor_access text, kyc text, min_investment_usd numeric, min_investment_note text, redemption text,
      redemption_days integer, redemption_window text, redemption_usual_hours numeric, redemption_note text,
      instant_facility text, management_fee_pct numeric, subscription_fee_pct numeric, redemption_fee_pct numeric,
      fees_note text, stated_yield_apy numeric, stated_yield_as_of text, stated_yield_net_of_management_fee boolean,
      pool_yield_net_of_management_fee boolean, sources jsonb, notes text[]
    )
    join public.protocols p on p.name = r.protocol
  ),
  written as (
    insert into public.products as pr (
      protocol_id, symbol, name, chains, asset_class, asset_note, pool_symbols, investor_access, kyc, min_investment_usd,
      min_investment_note, redemption, redemption_days, redemption_window, redemption_usual_hours, redemption_note,
      instant_facility, management_fee_pct, subscription_fee_pct, redemption_fee_pct, fees_note, stated_yield_apy,
      stated_yield_as_of, stated_yield_net_of_management_fee, pool_yield_net_of_management_fee, sources, notes
    )
    select
      protocol_id, symbol, name, coalesce(chains, '{}'), asset_class, asset_note, coalesce(pool_symbols, '{}'),
      coalesce(investor_access, 'unknown'), coalesce(kyc, 'unknown'), min_investment_usd, min_investment_note,
      coalesce(redemption, 'unknown'), redemption_days, redemption_window, redemption_usual_hours, redemption_note,
      instant_facility, management_fee_pct, subscription_fee_pct, redemption_fee_pct, fees_note, stated_yield_apy,
      stated_yield_as_of, stated_yield_net_of_management_fee, pool_yield_net_of_management_fee,
      coalesce(sources, '{}'::jsonb), coalesce(notes, '{}')
    from input
    on conflict (protocol_id, symbol) do update set
      name = excluded.name,
      chains = excluded.chains,
      asset_class = excluded.asset_class,
      asset_note = excluded.asset_note,
      pool_symbols = excluded.pool_symbols,
      investor_access = excluded.investor_access,
      kyc = excluded.kyc,
      min_investment_usd = excluded.min_investment_usd,
      min_investment_note = excluded.min_investment_note,
      redemption = excluded.redemption,
      redemption_days = excluded.redemption_days,
      redemption_window = excluded.redemption_window,
      redemption_usual_hours = excluded.redemption_usual_hours,
      redemption_note = excluded.redemption_note,
      instant_facility = excluded.instant_facility,
      management_fee_pct = excluded.management_fee_pct,
      subscription_fee_pct = excluded.subscription_fee_pct,
      redemption_fee_pct = excluded.redemption_fee_pct,
      fees_note = excluded.fees_note,
      stated_yield_apy = excluded.stated_yield_apy,
      stated_yield_as_of = excluded.stated_yield_as_of,
      stated_yield_net_of_management_fee = excluded.stated_yield_net_of_management_fee,
      pool_yield_net_of_management_fee = excluded.pool_yield_net_of_management_fee,
      sources = excluded.sources,
      notes = excluded.notes
    -- Unchanged products are not rewritten, so updated_at keeps meaning "last changed".
    where (pr.name, pr.chains, pr.asset_class, pr.asset_note, pr.pool_symbols, pr.investor_access, pr.kyc, pr.min_investment_usd,
           pr.min_investment_note, pr.redemption, pr.redemption_days, pr.redemption_window, pr.redemption_usual_hours,
           pr.redemption_note, pr.instant_facility, pr.management_fee_pct, pr.subscription_fee_pct,
           pr.redemption_fee_pct, pr.fees_note, pr.stated_yield_apy, pr.stated_yield_as_of,
           pr.stated_yield_net_of_management_fee, pr.pool_yield_net_of_management_fee, pr.sources, pr.notes)
      is distinct from
          (excluded.name, excluded.chains, excluded.asset_class, excluded.asset_note, excluded.pool_symbols, excluded.investor_access,
           excluded.kyc, excluded.min_investment_usd, excluded.min_investment_note, excluded.redemption,
           excluded.redemption_days, excluded.redemption_window, excluded.redemption_usual_hours,
           excluded.redemption_note, excluded.instant_facility, excluded.management_fee_pct,
           excluded.subscription_fee_pct, excluded.redemption_fee_pct, excluded.fees_note, excluded.stated_yield_apy,
           excluded.stated_yield_as_of, excluded.stated_yield_net_of_management_fee,
           excluded.pool_yield_net_of_management_fee, excluded.sources, excluded.notes)
    returning (pr.xmax = 0) as was_inserted
  )
  select count(*) filter (where was_inserted), count(*) filter (where not was_inserted)
  into inserted_count, updated_count
  from written;

  return jsonb_build_object('inserted', inserted_count, 'updated', updated_count, 'deleted', deleted_count);
end;
$$;

comment on function public.sync_products(jsonb) is
  'Replaces public.products with the given products (keeping the refresh''s pool yields). service_role only.';
revoke execute on function public.sync_products(jsonb) from public, anon, authenticated;
grant execute on function public.sync_products(jsonb) to service_role;

-- data:push: the protocols, their products and the review's change rows (a product's terms that
-- changed) in one transaction: one RPC call is one transaction.
create function public.sync_protocols_and_products(rows jsonb, products jsonb, changes jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  protocols_result jsonb;
  products_result jsonb;
  changes_result jsonb;
begin
  protocols_result := public.sync_protocols(rows);
  products_result := public.sync_products(products);
  changes_result := public.record_protocol_changes(coalesce(changes, '[]'::jsonb));
  return protocols_result || jsonb_build_object('products', products_result, 'changes', changes_result);
end;
$$;

comment on function public.sync_protocols_and_products(jsonb, jsonb, jsonb) is
  'data:push: sync_protocols, sync_products and record_protocol_changes in one transaction. service_role only.';
revoke execute on function public.sync_protocols_and_products(jsonb, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocols_and_products(jsonb, jsonb, jsonb) to service_role;

-- The daily refresh: apply_protocol_refresh, then what it found for the products and the yield
-- notes, in the same transaction. Only protocols whose yield this run wrote (yield_as_of = run_day)
-- take product yields or a note, so a held yield holds its products' too.
--   products: { "yields": [{ "defillama_slug", "symbol", "apy_min", "apy_max", "source_url" }],
--               "notes":  [{ "defillama_slug", "yield_note" (null clears it) }] }
create function public.apply_protocol_refresh_with_products(run_day date, changes jsonb, products jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  result jsonb;
  yields jsonb := coalesce(products -> 'yields', '[]'::jsonb);
  notes jsonb := coalesce(products -> 'notes', '[]'::jsonb);
  bad_key text;
  product_count integer;
  note_count integer;
begin
  if products is null or jsonb_typeof(products) <> 'object' then
    raise exception 'apply_protocol_refresh_with_products: products must be a JSON object' using errcode = '22023';
  end if;
  select k into bad_key from jsonb_object_keys(products) as k where k <> all (array['yields', 'notes']) limit 1;
  if bad_key is not null then
    raise exception 'apply_protocol_refresh_with_products: unknown section "%"', bad_key using errcode = '22023';
  end if;
  if jsonb_typeof(yields) <> 'array' or jsonb_typeof(notes) <> 'array' then
    raise exception 'apply_protocol_refresh_with_products: every section must be a JSON array' using errcode = '22023';
  end if;

  result := public.apply_protocol_refresh(run_day, changes);

  with input as (
    select * from jsonb_to_recordset(yields) as r(
      defillama_slug text, symbol text, apy_min numeric, apy_max numeric, source_url text
    )
  ),
  written as (
    update public.products as pr set
      pool_apy_min = i.apy_min,
      pool_apy_max = i.apy_max,
      pool_yield_as_of = run_day,
      pool_yield_source_url = i.source_url
    from input i join public.protocols p on p.defillama_slug = i.defillama_slug
    where pr.protocol_id = p.id and pr.symbol = i.symbol and p.yield_as_of = run_day
      and (pr.pool_yield_as_of is null or pr.pool_yield_as_of <= run_day)
      and (pr.pool_apy_min, pr.pool_apy_max, pr.pool_yield_as_of, pr.pool_yield_source_url)
        is distinct from (i.apy_min, i.apy_max, run_day, i.source_url)
    returning 1
  )
  select count(*) into product_count from written;

  with input as (
    select * from jsonb_to_recordset(notes) as r(defillama_slug text, yield_note text)
  ),
  written as (
    update public.protocols as p set yield_note = i.yield_note
    from input i
    where p.defillama_slug = i.defillama_slug and p.yield_as_of = run_day
      and p.yield_note is distinct from i.yield_note
    returning 1
  )
  select count(*) into note_count from written;

  return result || jsonb_build_object('product_yields', product_count, 'yield_notes', note_count);
end;
$$;

comment on function public.apply_protocol_refresh_with_products(date, jsonb, jsonb) is
  'The daily refresh: apply_protocol_refresh plus the products'' pool yields and the yield notes, in one transaction. service_role only.';
revoke execute on function public.apply_protocol_refresh_with_products(date, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.apply_protocol_refresh_with_products(date, jsonb, jsonb) to service_role;
