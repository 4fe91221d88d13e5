-- Issue 33, "Dates that say what they mean": a curated yield names its page's own date and kind, so
-- the protocol page says "Fact sheet, 13 Nov 2025 · read on 27 Nov 2026" instead of one "As of".
-- yield_as_of is, for a curated yield, the day its page was read; yield_document_date is the date
-- the page itself states (a day, a month, or 'undated', as products' and findings' document dates);
-- yield_source_kind is the kind of page ('Fact sheet'). Null on every other yield; data:check
-- requires both on a curated yield and ties them to the product that states the yield, if any.
alter table public.protocols
  add column yield_document_date text
    constraint protocols_yield_document_date_check
      check (yield_document_date ~ '^([0-9]{4}-[0-9]{2}(-[0-9]{2})?|undated)$'),
  add column yield_source_kind text
    constraint protocols_yield_source_kind_check
      check (char_length(yield_source_kind) between 1 and 40);

comment on column public.protocols.yield_document_date is
  'A curated yield''s page: the date it states (YYYY-MM-DD, YYYY-MM or undated); yield_as_of is the day it was read.';
comment on column public.protocols.yield_source_kind is 'A curated yield''s page: its kind (''Fact sheet'').';

-- The notes are short labelled lines with their links written [text](https://…) (docs/data.md):
-- links take room the old prose did not, so a row's notes may hold up to 2000 characters.
alter table public.protocols drop constraint protocols_notes_check;
alter table public.protocols
  add constraint protocols_notes_check check (btrim(notes) <> '' and char_length(notes) <= 2000);

-- sync_protocols (data:push) carries the new columns. The body is
-- 20261125020000_min_investment_source.sql's with yield_document_date and yield_source_kind added to
-- the allowed keys, the insert, the update and the change check; restated whole because `create or
-- replace` replaces the entire body and an applied migration is never edited.
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
    'investor_access', 'kyc', 'redemption', 'redemption_days', 'fees', 'terms_source_url', 'terms_as_of',
    'defillama_id', 'yield_apy_min', 'yield_apy_max', 'yield_as_of', 'yield_source', 'yield_source_url',
    'yield_pools', 'review_status', 'defillama_dropped_on', 'defillama_listed_at', 'defillama_audits',
    'min_investment_source_url', 'yield_document_date', 'yield_source_kind'
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

  -- Delete first: a slug or id that moves from a removed row to a new one must not collide.
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
      r.terms_source_url, r.terms_as_of,
      r.defillama_id, r.yield_apy_min, r.yield_apy_max, r.yield_as_of, r.yield_source, r.yield_source_url,
      r.yield_pools,
      coalesce(r.review_status, 'reviewed') as review_status,
      r.defillama_dropped_on, r.defillama_listed_at, r.defillama_audits, r.min_investment_source_url,
      r.yield_document_date, r.yield_source_kind
    from jsonb_to_recordset(rows) as r(
      name text, description text, asset_classes text[], blockchains text[], tvl text,
      yield_range text, risk_level text, min_investment text, url text,
      source_url text, as_of date, notes text,
      defillama_slug text, tvl_usd numeric, tvl_as_of date, tvl_source_url text, tvl_source text,
      investor_access text, kyc text, redemption text, redemption_days integer, fees text,
      terms_source_url text, terms_as_of date,
      defillama_id integer, yield_apy_min numeric, yield_apy_max numeric, yield_as_of date, yield_source text,
      yield_source_url text, yield_pools text, review_status text, defillama_dropped_on date,
      defillama_listed_at date, defillama_audits smallint, min_investment_source_url text,
      yield_document_date text, yield_source_kind text
    )
  ),
  written as (
    insert into public.protocols as p (
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source,
      investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of,
      defillama_id, yield_apy_min, yield_apy_max, yield_as_of, yield_source, yield_source_url,
      yield_pools, review_status, defillama_dropped_on, defillama_listed_at, defillama_audits,
      min_investment_source_url, yield_document_date, yield_source_kind
    )
    select
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source,
      investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of,
      defillama_id, yield_apy_min, yield_apy_max, yield_as_of, yield_source, yield_source_url,
      yield_pools, review_status, defillama_dropped_on, defillama_listed_at, defillama_audits,
      min_investment_source_url, yield_document_date, yield_source_kind
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
      defillama_id = excluded.defillama_id,
      yield_apy_min = excluded.yield_apy_min,
      yield_apy_max = excluded.yield_apy_max,
      yield_as_of = excluded.yield_as_of,
      yield_source = excluded.yield_source,
      yield_source_url = excluded.yield_source_url,
      yield_pools = excluded.yield_pools,
      review_status = excluded.review_status,
      defillama_dropped_on = excluded.defillama_dropped_on,
      defillama_listed_at = excluded.defillama_listed_at,
      defillama_audits = excluded.defillama_audits,
      min_investment_source_url = excluded.min_investment_source_url,
      yield_document_date = excluded.yield_document_date,
      yield_source_kind = excluded.yield_source_kind,
      updated_at = now()
    -- Unchanged rows are not rewritten, so updated_at keeps meaning "last changed".
    where (p.description, p.asset_classes, p.blockchains, p.tvl, p.yield_range, p.risk_level,
           p.min_investment, p.url, p.source_url, p.as_of, p.notes,
           p.defillama_slug, p.tvl_usd, p.tvl_as_of, p.tvl_source_url, p.tvl_source,
           p.investor_access, p.kyc, p.redemption, p.redemption_days, p.fees, p.terms_source_url, p.terms_as_of,
           p.defillama_id, p.yield_apy_min, p.yield_apy_max, p.yield_as_of, p.yield_source, p.yield_source_url,
           p.yield_pools, p.review_status, p.defillama_dropped_on, p.defillama_listed_at, p.defillama_audits,
           p.min_investment_source_url, p.yield_document_date, p.yield_source_kind)
      is distinct from
          (excluded.description, excluded.asset_classes, excluded.blockchains, excluded.tvl,
           excluded.yield_range, excluded.risk_level, excluded.min_investment, excluded.url,
           excluded.source_url, excluded.as_of, excluded.notes,
           excluded.defillama_slug, excluded.tvl_usd, excluded.tvl_as_of, excluded.tvl_source_url,
           excluded.tvl_source,
           excluded.investor_access, excluded.kyc, excluded.redemption, excluded.redemption_days,
           excluded.fees, excluded.terms_source_url, excluded.terms_as_of,
           excluded.defillama_id, excluded.yield_apy_min, excluded.yield_apy_max, excluded.yield_as_of,
           excluded.yield_source, excluded.yield_source_url, excluded.yield_pools, excluded.review_status,
           excluded.defillama_dropped_on, excluded.defillama_listed_at, excluded.defillama_audits,
           excluded.min_investment_source_url, excluded.yield_document_date, excluded.yield_source_kind)
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
