-- Yields that refresh themselves, every RWA protocol DefiLlama tracks, and a refresh one bad
-- figure cannot stop.
--
-- * DefiLlama's stable id next to its slug, so a renamed slug keeps matching (defillama_id).
-- * A yield with its own numbers, date, kind of source and page (yield_*), and a daily history
--   (protocol_yield_history), like the TVL's.
-- * Tracked rows: protocols DefiLlama lists in its RWA categories that no one has reviewed yet
--   (review_status = 'tracked'). Their risk is 'Not rated' (risk_level null) and their asset
--   class 'Unclassified' until data/asset-classes.csv maps them.
-- * Every chain a protocol is on is stored, in one naming: the list of eleven is no longer a
--   constraint (the app offers the spec's eleven first, then the others found in the data).
-- * When DefiLlama drops a protocol, the row stays and says since when (defillama_dropped_on).
--
-- Everything is nullable or defaulted, so every row written before this migration stays valid.

alter table public.protocols
  add column defillama_id integer,
  add column yield_apy_min numeric,
  add column yield_apy_max numeric,
  add column yield_as_of date,
  add column yield_source text,
  add column yield_source_url text,
  add column yield_pools text,
  add column review_status text not null default 'reviewed',
  add column defillama_dropped_on date,
  add column defillama_listed_at date,
  add column defillama_audits smallint;

-- 'Not rated' is a null risk level, allowed only on tracked rows (below).
alter table public.protocols alter column risk_level drop not null;

alter table public.protocols
  drop constraint protocols_asset_classes_check,
  drop constraint protocols_blockchains_check;

alter table public.protocols
  add constraint protocols_defillama_id_unique unique (defillama_id),
  add constraint protocols_defillama_id_check check (defillama_id > 0),
  add constraint protocols_review_status_check check (review_status in ('reviewed', 'tracked')),
  add constraint protocols_risk_level_rated_check check (risk_level is not null or review_status = 'tracked'),
  -- The spec's six classes, or 'Unclassified' alone on a tracked row whose class is not reviewed yet.
  add constraint protocols_asset_classes_check
    check (
      cardinality(asset_classes) >= 1
      and array_ndims(asset_classes) = 1
      and asset_classes <@ array[
        'US Treasuries', 'Private Credit', 'Real Estate',
        'Commodities', 'Carbon Credits', 'Equities', 'Unclassified'
      ]::text[]
      and (
        'Unclassified' <> all (asset_classes)
        or (review_status = 'tracked' and cardinality(asset_classes) = 1)
      )
    ),
  -- Any chain name: not empty, no NULL item, each one trimmed, at most 60 characters, without
  -- ';' (the CSV's list separator) or '|' (the separator this check joins the items with).
  add constraint protocols_blockchains_check
    check (
      cardinality(blockchains) >= 1
      and array_ndims(blockchains) = 1
      and array_position(blockchains, null) is null
      and ('|' || array_to_string(blockchains, '|') || '|')
        ~ '^(\|[^|;[:space:]]([^|;\r\n\t]{0,58}[^|;[:space:]])?)+\|$'
    ),
  add constraint protocols_yield_apy_check
    check (
      yield_apy_min >= 0 and yield_apy_min < 1000
      and yield_apy_max >= 0 and yield_apy_max < 1000
      and yield_apy_min <= yield_apy_max
    ),
  add constraint protocols_yield_apy_pair_check check ((yield_apy_min is null) = (yield_apy_max is null)),
  add constraint protocols_yield_as_of_check check (yield_as_of between date '2015-01-01' and date '2099-12-31'),
  add constraint protocols_yield_source_check check (yield_source in ('defillama', 'curated')),
  add constraint protocols_yield_source_url_check
    check (yield_source_url ~ '^https?://[^\s]+$' and char_length(yield_source_url) <= 2048),
  -- A DefiLlama yield is a dated range from a named DefiLlama entry, with its page.
  add constraint protocols_yield_defillama_check
    check (
      yield_source is distinct from 'defillama'
      or (yield_apy_min is not null and yield_as_of is not null and yield_source_url is not null
          and defillama_slug is not null)
    ),
  -- A curated yield cites the page that states it and the date it was read.
  add constraint protocols_yield_curated_check
    check (yield_source is distinct from 'curated' or (yield_source_url is not null and yield_as_of is not null)),
  add constraint protocols_yield_pools_check check (btrim(yield_pools) <> '' and char_length(yield_pools) <= 1000),
  add constraint protocols_defillama_dropped_on_check
    check (defillama_dropped_on between date '2015-01-01' and date '2099-12-31'),
  add constraint protocols_defillama_listed_at_check
    check (defillama_listed_at between date '2015-01-01' and date '2099-12-31'),
  add constraint protocols_defillama_audits_check check (defillama_audits between 0 and 3);

comment on column public.protocols.defillama_id is 'DefiLlama''s stable protocol id: matched before the slug, so a renamed slug keeps working.';
comment on column public.protocols.yield_apy_min is 'Lowest APY (percent) of the yield range.';
comment on column public.protocols.yield_apy_max is 'Highest APY (percent) of the yield range.';
comment on column public.protocols.yield_as_of is 'The day the yield refers to (DefiLlama) or was read (curated).';
comment on column public.protocols.yield_source is '''defillama'' (daily refresh from yields.llama.fi) or ''curated'' (edited in data/protocols.csv).';
comment on column public.protocols.yield_source_url is 'The page stating the yield: a DefiLlama pool or project yields page, or the curated source.';
comment on column public.protocols.yield_pools is 'Optional pool filter: DefiLlama pool ids or symbols separated by '';''.';
comment on column public.protocols.review_status is '''reviewed'' (curated row) or ''tracked'' (listed from DefiLlama; terms and risk not reviewed).';
comment on column public.protocols.defillama_dropped_on is 'Set when DefiLlama dropped the protocol (or a tracked row fell below the threshold); cleared when it is back.';
comment on column public.protocols.defillama_listed_at is 'The day DefiLlama first listed the protocol.';
comment on column public.protocols.defillama_audits is 'DefiLlama''s audits field: 0 none, 1 partly, 2 yes, 3 fork of audited code.';

create table public.protocol_yield_history (
  -- A protocol removed from the directory takes its history with it (sync_protocols deletes).
  protocol_id uuid not null references public.protocols (id) on delete cascade,
  day date not null,
  apy_min numeric not null,
  apy_max numeric not null,
  source text not null,
  primary key (protocol_id, day),
  constraint protocol_yield_history_day_check check (day between date '2015-01-01' and date '2099-12-31'),
  constraint protocol_yield_history_apy_check
    check (apy_min >= 0 and apy_min < 1000 and apy_max >= 0 and apy_max < 1000 and apy_min <= apy_max),
  constraint protocol_yield_history_source_check check (source in ('defillama', 'curated'))
);

comment on table public.protocol_yield_history is
  'One yield range per protocol and day (DefiLlama daily ranges, curated figures). Public read, no public write.';

-- The same grants and read policy as public.protocol_tvl_history (20251201000000_live_tvl.sql).
revoke all on table public.protocol_yield_history from anon, authenticated;
grant select on table public.protocol_yield_history to anon, authenticated;
grant all on table public.protocol_yield_history to service_role;

alter table public.protocol_yield_history enable row level security;

create policy "Yield history is readable by everyone"
  on public.protocol_yield_history
  for select
  to anon, authenticated
  using (true);

-- Applies one refresh in one transaction (a function call is one statement). changes holds
-- arrays, each optional:
--   identities: [{ defillama_slug, new_slug?, defillama_id?, defillama_listed_at?, defillama_audits? }]
--               renames (defillama_slug is the row's current slug; the DefiLlama pages it cites
--               follow) and DefiLlama's id, listing day and audits. Applied first: every other
--               array names rows by their new slug.
--   inserts:    [{ name, description, asset_classes, blockchains, url, source_url, notes,
--                  defillama_slug, defillama_id, defillama_listed_at, defillama_audits }]
--               new tracked rows (as_of = run_day, everything not given 'Unknown' / not rated).
--   tvl:        [{ defillama_slug, tvl, tvl_usd, blockchains }]   the run's figures
--   history:    [{ defillama_slug, day, tvl_usd }]                backfilled TVL points
--   yields:     [{ defillama_slug, yield_range, apy_min, apy_max, source_url }]
--   dropped:    [{ defillama_slug, dropped_on }]                  dropped_on null clears it
-- Only values that change are written, so a repeated run changes nothing, and a figure already
-- dated after run_day is never overwritten by an older one. The refresh validates every value
-- first (one bad figure is held, never sent): a value that still breaks a constraint aborts the
-- call, and then nothing at all is written.
-- It replaces refresh_protocol_tvl, which wrote the TVL only and matched by slug alone.
drop function public.refresh_protocol_tvl(date, jsonb, jsonb);

create function public.apply_protocol_refresh(run_day date, changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  sections constant text[] := array['identities', 'inserts', 'tvl', 'history', 'yields', 'dropped'];
  identities jsonb := coalesce(changes -> 'identities', '[]'::jsonb);
  inserts jsonb := coalesce(changes -> 'inserts', '[]'::jsonb);
  tvl jsonb := coalesce(changes -> 'tvl', '[]'::jsonb);
  history jsonb := coalesce(changes -> 'history', '[]'::jsonb);
  yields jsonb := coalesce(changes -> 'yields', '[]'::jsonb);
  dropped jsonb := coalesce(changes -> 'dropped', '[]'::jsonb);
  bad_key text;
  bad_slug text;
  touched uuid[] := '{}';
  inserted_ids uuid[] := '{}';
  ids uuid[];
  renamed_count integer;
  inserted_count integer;
  tvl_count integer;
  yield_count integer;
  dropped_count integer;
  history_count integer;
  yield_history_count integer;
begin
  if run_day is null then
    raise exception 'apply_protocol_refresh: run_day is required' using errcode = '22023';
  end if;
  if changes is null or jsonb_typeof(changes) <> 'object' then
    raise exception 'apply_protocol_refresh: changes must be a JSON object' using errcode = '22023';
  end if;
  select k into bad_key from jsonb_object_keys(changes) as k where k <> all (sections) limit 1;
  if bad_key is not null then
    raise exception 'apply_protocol_refresh: unknown section "%"', bad_key using errcode = '22023';
  end if;
  if jsonb_typeof(identities) <> 'array' or jsonb_typeof(inserts) <> 'array' or jsonb_typeof(tvl) <> 'array'
     or jsonb_typeof(history) <> 'array' or jsonb_typeof(yields) <> 'array' or jsonb_typeof(dropped) <> 'array' then
    raise exception 'apply_protocol_refresh: every section must be a JSON array' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(identities || inserts || tvl || history || yields || dropped) as e(value)
    where jsonb_typeof(e.value) <> 'object'
  ) then
    raise exception 'apply_protocol_refresh: every element must be an object' using errcode = '22023';
  end if;
  select s.slug into bad_slug
  from (
    select e.value ->> 'defillama_slug' as slug, 'identities' as section from jsonb_array_elements(identities) as e(value)
    union all select e.value ->> 'defillama_slug', 'tvl' from jsonb_array_elements(tvl) as e(value)
    union all select e.value ->> 'defillama_slug', 'yields' from jsonb_array_elements(yields) as e(value)
    union all select e.value ->> 'defillama_slug', 'dropped' from jsonb_array_elements(dropped) as e(value)
  ) as s
  group by s.section, s.slug
  having count(*) > 1
  limit 1;
  if found then
    raise exception 'apply_protocol_refresh: defillama_slug "%" appears more than once in one section', bad_slug using errcode = '22023';
  end if;

  -- 1. Identities: DefiLlama's id, listing day and audits; renames move the slug and its page.
  select e.value ->> 'defillama_slug' into bad_slug
  from jsonb_array_elements(identities) as e(value)
  where not exists (select 1 from public.protocols p where p.defillama_slug = e.value ->> 'defillama_slug')
  limit 1;
  if found then
    raise exception 'apply_protocol_refresh: no protocol has defillama_slug "%"', coalesce(bad_slug, '(null)') using errcode = '22023';
  end if;
  with input as (
    select * from jsonb_to_recordset(identities) as r(
      defillama_slug text, new_slug text, defillama_id integer, defillama_listed_at date, defillama_audits smallint
    )
  ),
  next as (
    select p.id,
      coalesce(i.new_slug, p.defillama_slug) as defillama_slug,
      coalesce(i.defillama_id, p.defillama_id) as defillama_id,
      coalesce(i.defillama_listed_at, p.defillama_listed_at) as defillama_listed_at,
      coalesce(i.defillama_audits, p.defillama_audits) as defillama_audits,
      case when i.new_slug is not null and p.tvl_source = 'defillama'
        then 'https://defillama.com/protocol/' || i.new_slug else p.tvl_source_url end as tvl_source_url,
      case when i.new_slug is not null and p.source_url = 'https://defillama.com/protocol/' || p.defillama_slug
        then 'https://defillama.com/protocol/' || i.new_slug else p.source_url end as source_url
    from input i join public.protocols p on p.defillama_slug = i.defillama_slug
  ),
  written as (
    update public.protocols as p set
      defillama_slug = n.defillama_slug,
      defillama_id = n.defillama_id,
      defillama_listed_at = n.defillama_listed_at,
      defillama_audits = n.defillama_audits,
      tvl_source_url = n.tvl_source_url,
      source_url = n.source_url
    from next n
    where p.id = n.id
      and (p.defillama_slug, p.defillama_id, p.defillama_listed_at, p.defillama_audits, p.tvl_source_url, p.source_url)
        is distinct from
          (n.defillama_slug, n.defillama_id, n.defillama_listed_at, n.defillama_audits, n.tvl_source_url, n.source_url)
    returning p.id
  )
  select coalesce(array_agg(id), '{}') into ids from written;
  renamed_count := cardinality(ids);
  touched := touched || ids;

  -- 2. New tracked rows: DefiLlama's name, description, url and chains; the rest unknown.
  with written as (
    insert into public.protocols as p (
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url,
      source_url, as_of, notes, defillama_slug, defillama_id, defillama_listed_at, defillama_audits,
      review_status
    )
    select r.name, r.description, r.asset_classes, r.blockchains, 'N/A', 'Unknown', null, 'Unknown', r.url,
      r.source_url, run_day, r.notes, r.defillama_slug, r.defillama_id, r.defillama_listed_at, r.defillama_audits,
      'tracked'
    from jsonb_to_recordset(inserts) as r(
      name text, description text, asset_classes text[], blockchains text[], url text, source_url text, notes text,
      defillama_slug text, defillama_id integer, defillama_listed_at date, defillama_audits smallint
    )
    returning p.id
  )
  select coalesce(array_agg(id), '{}') into inserted_ids from written;
  inserted_count := cardinality(inserted_ids);

  select e.value ->> 'defillama_slug' into bad_slug
  from jsonb_array_elements(tvl || history || yields || dropped) as e(value)
  where not exists (select 1 from public.protocols p where p.defillama_slug = e.value ->> 'defillama_slug')
  limit 1;
  if found then
    raise exception 'apply_protocol_refresh: no protocol has defillama_slug "%"', coalesce(bad_slug, '(null)') using errcode = '22023';
  end if;

  -- 3. TVL figures (the live TVL migration's update, unchanged).
  with input as (
    select * from jsonb_to_recordset(tvl) as r(defillama_slug text, tvl text, tvl_usd numeric, blockchains text[])
  ),
  written as (
    update public.protocols as p set
      tvl = i.tvl,
      tvl_usd = i.tvl_usd,
      blockchains = i.blockchains,
      tvl_as_of = run_day,
      tvl_source_url = 'https://defillama.com/protocol/' || i.defillama_slug,
      tvl_source = 'defillama'
    from input i
    where p.defillama_slug = i.defillama_slug
      and (p.tvl_as_of is null or p.tvl_as_of <= run_day)
      and (p.tvl, p.tvl_usd, p.blockchains, p.tvl_as_of, p.tvl_source_url, p.tvl_source)
        is distinct from
          (i.tvl, i.tvl_usd, i.blockchains, run_day, 'https://defillama.com/protocol/' || i.defillama_slug, 'defillama')
    returning p.id
  )
  select coalesce(array_agg(id), '{}') into ids from written;
  tvl_count := cardinality(ids);
  touched := touched || ids;

  -- 4. Yields.
  with input as (
    select * from jsonb_to_recordset(yields) as r(
      defillama_slug text, yield_range text, apy_min numeric, apy_max numeric, source_url text
    )
  ),
  written as (
    update public.protocols as p set
      yield_range = i.yield_range,
      yield_apy_min = i.apy_min,
      yield_apy_max = i.apy_max,
      yield_as_of = run_day,
      yield_source = 'defillama',
      yield_source_url = i.source_url
    from input i
    where p.defillama_slug = i.defillama_slug
      and (p.yield_as_of is null or p.yield_as_of <= run_day)
      and (p.yield_range, p.yield_apy_min, p.yield_apy_max, p.yield_as_of, p.yield_source, p.yield_source_url)
        is distinct from (i.yield_range, i.apy_min, i.apy_max, run_day, 'defillama', i.source_url)
    returning p.id
  )
  select coalesce(array_agg(id), '{}') into ids from written;
  yield_count := cardinality(ids);
  touched := touched || ids;

  -- 5. Dropped by DefiLlama (or back).
  with input as (
    select * from jsonb_to_recordset(dropped) as r(defillama_slug text, dropped_on date)
  ),
  written as (
    update public.protocols as p set defillama_dropped_on = i.dropped_on
    from input i
    where p.defillama_slug = i.defillama_slug
      and p.defillama_dropped_on is distinct from i.dropped_on
    returning p.id
  )
  select coalesce(array_agg(id), '{}') into ids from written;
  dropped_count := cardinality(ids);
  touched := touched || ids;

  -- 6. TVL history: backfilled points, then the run's own day for each TVL figure (it wins).
  with given as (
    select e.value ->> 'defillama_slug' as slug, (e.value ->> 'day')::date as day, (e.value ->> 'tvl_usd')::numeric as tvl_usd, e.n
    from jsonb_array_elements(history) with ordinality as e(value, n)
    union all
    select e.value ->> 'defillama_slug', run_day, (e.value ->> 'tvl_usd')::numeric, jsonb_array_length(history) + e.n
    from jsonb_array_elements(tvl) with ordinality as e(value, n)
  ),
  points as (
    select distinct on (p.id, g.day) p.id, g.day, g.tvl_usd
    from given g join public.protocols p on p.defillama_slug = g.slug
    where p.tvl_as_of is null or p.tvl_as_of <= run_day or g.day < run_day
    order by p.id, g.day, g.n desc
  ),
  written as (
    insert into public.protocol_tvl_history as h (protocol_id, day, tvl_usd, source)
    select id, day, tvl_usd, 'defillama' from points
    on conflict (protocol_id, day) do update set tvl_usd = excluded.tvl_usd, source = excluded.source
    where (h.tvl_usd, h.source) is distinct from (excluded.tvl_usd, excluded.source)
    returning 1
  )
  select count(*) into history_count from written;

  -- 7. Yield history: the run's day for each yield.
  with input as (
    select * from jsonb_to_recordset(yields) as r(defillama_slug text, apy_min numeric, apy_max numeric)
  ),
  written as (
    insert into public.protocol_yield_history as h (protocol_id, day, apy_min, apy_max, source)
    select p.id, run_day, i.apy_min, i.apy_max, 'defillama'
    from input i join public.protocols p on p.defillama_slug = i.defillama_slug
    where p.yield_as_of = run_day
    on conflict (protocol_id, day) do update
      set apy_min = excluded.apy_min, apy_max = excluded.apy_max, source = excluded.source
    where (h.apy_min, h.apy_max, h.source) is distinct from (excluded.apy_min, excluded.apy_max, excluded.source)
    returning 1
  )
  select count(*) into yield_history_count from written;

  return jsonb_build_object(
    -- Rows that existed before the call and changed; the rows it added count as inserted.
    'updated', (select count(distinct t) from unnest(touched) as t where t <> all (inserted_ids)),
    'inserted', inserted_count,
    'renamed', renamed_count,
    'tvl', tvl_count,
    'yields', yield_count,
    'dropped', dropped_count,
    'history', history_count,
    'yield_history', yield_history_count
  );
end;
$$;

comment on function public.apply_protocol_refresh(date, jsonb) is
  'Writes one refresh (identities, new tracked rows, TVL, yields, dropped flags, both histories) in one transaction. service_role only.';

revoke execute on function public.apply_protocol_refresh(date, jsonb) from public, anon, authenticated;
grant execute on function public.apply_protocol_refresh(date, jsonb) to service_role;

-- The trailing baselines the refresh's guardrail compares a new figure with:
-- per protocol, the median of the TVL and of each end of the yield range over the seven days
-- before run_day. Null where there is no point in that window.
create function public.protocol_refresh_baselines(run_day date)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(b order by b.defillama_slug), '[]'::jsonb)
  from (
    select
      p.defillama_slug,
      (select percentile_cont(0.5) within group (order by h.tvl_usd)
         from public.protocol_tvl_history h
        where h.protocol_id = p.id and h.day >= run_day - 7 and h.day < run_day) as tvl_usd,
      (select percentile_cont(0.5) within group (order by y.apy_min)
         from public.protocol_yield_history y
        where y.protocol_id = p.id and y.day >= run_day - 7 and y.day < run_day) as apy_min,
      (select percentile_cont(0.5) within group (order by y.apy_max)
         from public.protocol_yield_history y
        where y.protocol_id = p.id and y.day >= run_day - 7 and y.day < run_day) as apy_max
    from public.protocols p
    where p.defillama_slug is not null
  ) as b
$$;

comment on function public.protocol_refresh_baselines(date) is
  'Per protocol: the 7-day median TVL and yield range before run_day (the refresh guardrail''s baseline). service_role only.';

revoke execute on function public.protocol_refresh_baselines(date) from public, anon, authenticated;
grant execute on function public.protocol_refresh_baselines(date) to service_role;

-- sync_protocols (data:push) carries the new columns too. The body is the terms migration's
-- (20251201000200_protocol_terms.sql) with the eleven columns added to the allowed keys, the
-- insert, the update and the change check. A row that omits review_status is 'reviewed'.
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
    'investor_access', 'kyc', 'redemption', 'redemption_days', 'fees', 'terms_source_url', 'terms_as_of',
    'defillama_id', 'yield_apy_min', 'yield_apy_max', 'yield_as_of', 'yield_source', 'yield_source_url',
    'yield_pools', 'review_status', 'defillama_dropped_on', 'defillama_listed_at', 'defillama_audits'
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
      r.defillama_dropped_on, r.defillama_listed_at, r.defillama_audits
    from jsonb_to_recordset(rows) as r(
      name text, description text, asset_classes text[], blockchains text[], tvl text,
      yield_range text, risk_level text, min_investment text, url text,
      source_url text, as_of date, notes text,
      defillama_slug text, tvl_usd numeric, tvl_as_of date, tvl_source_url text, tvl_source text,
      investor_access text, kyc text, redemption text, redemption_days integer, fees text,
      terms_source_url text, terms_as_of date,
      defillama_id integer, yield_apy_min numeric, yield_apy_max numeric, yield_as_of date, yield_source text,
      yield_source_url text, yield_pools text, review_status text, defillama_dropped_on date,
      defillama_listed_at date, defillama_audits smallint
    )
  ),
  written as (
    insert into public.protocols as p (
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source,
      investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of,
      defillama_id, yield_apy_min, yield_apy_max, yield_as_of, yield_source, yield_source_url,
      yield_pools, review_status, defillama_dropped_on, defillama_listed_at, defillama_audits
    )
    select
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source,
      investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of,
      defillama_id, yield_apy_min, yield_apy_max, yield_as_of, yield_source, yield_source_url,
      yield_pools, review_status, defillama_dropped_on, defillama_listed_at, defillama_audits
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
      updated_at = now()
    -- Unchanged rows are not rewritten, so updated_at keeps meaning "last changed".
    where (p.description, p.asset_classes, p.blockchains, p.tvl, p.yield_range, p.risk_level,
           p.min_investment, p.url, p.source_url, p.as_of, p.notes,
           p.defillama_slug, p.tvl_usd, p.tvl_as_of, p.tvl_source_url, p.tvl_source,
           p.investor_access, p.kyc, p.redemption, p.redemption_days, p.fees, p.terms_source_url, p.terms_as_of,
           p.defillama_id, p.yield_apy_min, p.yield_apy_max, p.yield_as_of, p.yield_source, p.yield_source_url,
           p.yield_pools, p.review_status, p.defillama_dropped_on, p.defillama_listed_at, p.defillama_audits)
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
           excluded.defillama_dropped_on, excluded.defillama_listed_at, excluded.defillama_audits)
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
