-- Term sheets: who may buy a product, whether the issuer runs KYC, how money comes
-- back out, the fees, and the page that states them. 'unknown' is a value, not a blank: the
-- enum columns default to it, and 'no' and 'unknown' are different answers.
alter table public.protocols
  add column investor_access text not null default 'unknown',
  add column kyc text not null default 'unknown',
  add column redemption text not null default 'unknown',
  add column redemption_days integer,
  add column fees text not null default 'unknown',
  add column terms_source_url text,
  add column terms_as_of date;

alter table public.protocols
  -- The same lists as INVESTOR_ACCESS, KYC_VALUES and REDEMPTION_VALUES in src/config/domain.ts
  -- (a test compares them).
  add constraint protocols_investor_access_check
    check (investor_access in ('retail', 'retail-non-us', 'accredited', 'qualified-purchaser', 'institutional', 'unknown')),
  add constraint protocols_kyc_check
    check (kyc in ('yes', 'no', 'unknown')),
  add constraint protocols_redemption_check
    check (redemption in ('instant', 'days', 'queue', 'none', 'unknown')),
  -- A number of days exactly when redemption is 'days'. The 'is not null' matters: a CHECK
  -- passes on NULL, and 'null between 1 and 365' is NULL.
  add constraint protocols_redemption_days_check
    check (
      (redemption = 'days' and redemption_days is not null and redemption_days between 1 and 365)
      or (redemption <> 'days' and redemption_days is null)
    ),
  add constraint protocols_fees_check
    check (btrim(fees) <> '' and char_length(fees) <= 120),
  add constraint protocols_terms_source_url_check
    check (terms_source_url ~ '^https?://[^\s]+$' and char_length(terms_source_url) <= 2048),
  add constraint protocols_terms_as_of_check
    check (terms_as_of between date '2015-01-01' and date '2099-12-31'),
  -- A stated term needs the page that states it.
  add constraint protocols_terms_sourced_check
    check (
      terms_source_url is not null
      or (investor_access = 'unknown' and kyc = 'unknown' and redemption = 'unknown' and fees = 'unknown')
    );

comment on column public.protocols.investor_access is
  'Who may buy: retail (US included), retail-non-us, accredited, qualified-purchaser, institutional or unknown.';
comment on column public.protocols.kyc is 'Whether the issuer requires KYC: yes, no or unknown.';
comment on column public.protocols.redemption is 'How money comes back: instant, days, queue, none or unknown.';
comment on column public.protocols.redemption_days is 'Days to redeem, only when redemption is ''days''.';
comment on column public.protocols.fees is 'Short fee summary, or ''unknown''.';
comment on column public.protocols.terms_source_url is 'The page that states the terms (http(s)).';
comment on column public.protocols.terms_as_of is 'The date the terms were read from that page.';

-- sync_protocols (data:push) carries the term columns too. The body is the live TVL migration's
-- (20251201000000_live_tvl.sql), with the seven term columns added to the allowed keys, the
-- insert, the update and the change check; everything else is unchanged: one transaction,
-- unknown fields and duplicate names rejected, absent names deleted BEFORE the upsert (a slug
-- that moves from a removed row to a new one must not collide), unchanged rows not rewritten.
-- A row that omits a term gets 'unknown', so a CSV from before the terms still pushes.
-- (data:push keeps a newer refreshed TVL on its side: see keepNewerTvl in scripts/data/push-core.ts.)
-- Restated whole on purpose: `create or replace` replaces the entire body, and a migration that
-- has been applied is never edited, so each change to the function repeats the rest of it.
create or replace function public.sync_protocols(rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'name', 'description', 'asset_classes', 'blockchains', 'tvl', 'yield_range', 'risk_level',
    'min_investment', 'url', 'source_url', 'as_of', 'notes',
    'defillama_slug', 'tvl_usd', 'tvl_as_of', 'tvl_source_url', 'tvl_source',
    'investor_access', 'kyc', 'redemption', 'redemption_days', 'fees', 'terms_source_url', 'terms_as_of'
  ];
  bad_key text;
  duplicate_name text;
  inserted_count integer;
  updated_count integer;
  deleted_count integer;
begin
  if rows is null or jsonb_typeof(rows) <> 'array' then
    raise exception 'sync_protocols: rows must be a JSON array of protocol objects' using errcode = '22023';
  end if;
  -- An empty list would delete the whole directory: never what a data push means.
  if jsonb_array_length(rows) = 0 then
    raise exception 'sync_protocols: rows is empty; refusing to delete every protocol' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(rows) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'sync_protocols: every element of rows must be an object' using errcode = '22023';
  end if;

  select k.key into bad_key
  from jsonb_array_elements(rows) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (allowed_keys)
  limit 1;
  if bad_key is not null then
    raise exception 'sync_protocols: unknown field "%"', bad_key using errcode = '22023';
  end if;

  select e.value ->> 'name' into duplicate_name
  from jsonb_array_elements(rows) as e(value)
  group by e.value ->> 'name'
  having count(*) > 1
  limit 1;
  if duplicate_name is not null then
    raise exception 'sync_protocols: name "%" appears more than once', duplicate_name using errcode = '22023';
  end if;

  -- Delete first: a slug that moves from a removed row to a new one must not collide.
  delete from public.protocols as p
  where not exists (select 1 from jsonb_array_elements(rows) as e(value) where e.value ->> 'name' = p.name);
  get diagnostics deleted_count = row_count;

  with input as (
    select
      r.name, r.description, r.asset_classes, r.blockchains, r.tvl, r.yield_range, r.risk_level,
      r.min_investment, r.url, r.source_url, r.as_of, r.notes,
      r.defillama_slug, r.tvl_usd, r.tvl_as_of, r.tvl_source_url, r.tvl_source,
      coalesce(r.investor_access, 'unknown') as investor_access,
      coalesce(r.kyc, 'unknown') as kyc,
      coalesce(r.redemption, 'unknown') as redemption,
      r.redemption_days,
      coalesce(r.fees, 'unknown') as fees,
      r.terms_source_url, r.terms_as_of
    from jsonb_to_recordset(rows) as r(
      name text, description text, asset_classes text[], blockchains text[], tvl text,
      yield_range text, risk_level text, min_investment text, url text,
      source_url text, as_of date, notes text,
      defillama_slug text, tvl_usd numeric, tvl_as_of date, tvl_source_url text, tvl_source text,
      investor_access text, kyc text, redemption text, redemption_days integer, fees text,
      terms_source_url text, terms_as_of date
    )
  ),
  written as (
    insert into public.protocols as p (
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source,
      investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of
    )
    select
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source,
      investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of
    from input
    on conflict (name) do update set
      description = excluded.description,
      asset_classes = excluded.asset_classes,
      blockchains = excluded.blockchains,
      tvl = excluded.tvl,
      yield_range = excluded.yield_range,
      risk_level = excluded.risk_level,
      min_investment = excluded.min_investment,
      url = excluded.url,
      source_url = excluded.source_url,
      as_of = excluded.as_of,
      notes = excluded.notes,
      defillama_slug = excluded.defillama_slug,
      tvl_usd = excluded.tvl_usd,
      tvl_as_of = excluded.tvl_as_of,
      tvl_source_url = excluded.tvl_source_url,
      tvl_source = excluded.tvl_source,
      investor_access = excluded.investor_access,
      kyc = excluded.kyc,
      redemption = excluded.redemption,
      redemption_days = excluded.redemption_days,
      fees = excluded.fees,
      terms_source_url = excluded.terms_source_url,
      terms_as_of = excluded.terms_as_of,
      updated_at = now()
    -- Unchanged rows are not rewritten, so updated_at keeps meaning "last changed".
    where (p.description, p.asset_classes, p.blockchains, p.tvl, p.yield_range, p.risk_level,
           p.min_investment, p.url, p.source_url, p.as_of, p.notes,
           p.defillama_slug, p.tvl_usd, p.tvl_as_of, p.tvl_source_url, p.tvl_source,
           p.investor_access, p.kyc, p.redemption, p.redemption_days, p.fees, p.terms_source_url, p.terms_as_of)
      is distinct from
          (excluded.description, excluded.asset_classes, excluded.blockchains, excluded.tvl,
           excluded.yield_range, excluded.risk_level, excluded.min_investment, excluded.url,
           excluded.source_url, excluded.as_of, excluded.notes,
           excluded.defillama_slug, excluded.tvl_usd, excluded.tvl_as_of, excluded.tvl_source_url,
           excluded.tvl_source,
           excluded.investor_access, excluded.kyc, excluded.redemption, excluded.redemption_days,
           excluded.fees, excluded.terms_source_url, excluded.terms_as_of)
    -- xmax is 0 only for a freshly inserted tuple.
    returning (p.xmax = 0) as was_inserted
  )
  select count(*) filter (where was_inserted), count(*) filter (where not was_inserted)
  into inserted_count, updated_count
  from written;

  return jsonb_build_object('inserted', inserted_count, 'updated', updated_count, 'deleted', deleted_count);
end;
$$;

comment on function public.sync_protocols(jsonb) is
  'Replaces public.protocols with the given rows (delete absent names, then upsert by name). service_role only.';

revoke execute on function public.sync_protocols(jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocols(jsonb) to service_role;
