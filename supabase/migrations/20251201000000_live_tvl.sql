-- Live, sourced TVL: each protocol's TVL as a number with its own date and source,
-- refreshed daily from DefiLlama (npm run data:refresh, or the refresh-protocols Edge Function),
-- and a daily history. Nullable so rows written before this migration stay valid.
alter table public.protocols
  add column defillama_slug text,
  add column tvl_usd numeric,
  add column tvl_as_of date,
  add column tvl_source_url text,
  add column tvl_source text;

alter table public.protocols
  add constraint protocols_defillama_slug_unique unique (defillama_slug),
  -- DefiLlama's sluggify: lower case, '-' for spaces; dots and digits occur ('rain.fi').
  add constraint protocols_defillama_slug_check
    check (defillama_slug ~ '^[a-z0-9][a-z0-9._-]*$' and char_length(defillama_slug) <= 100),
  add constraint protocols_tvl_usd_check
    check (tvl_usd >= 0 and tvl_usd < 1e15),
  add constraint protocols_tvl_as_of_check
    check (tvl_as_of between date '2015-01-01' and date '2099-12-31'),
  add constraint protocols_tvl_source_url_check
    check (tvl_source_url ~ '^https?://[^\s]+$' and char_length(tvl_source_url) <= 2048),
  add constraint protocols_tvl_source_check
    check (tvl_source in ('defillama', 'curated')),
  -- A DefiLlama figure always names the DefiLlama entry it came from.
  add constraint protocols_tvl_source_slug_check
    check (tvl_source is distinct from 'defillama' or defillama_slug is not null);

comment on column public.protocols.defillama_slug is 'The protocol''s slug on DefiLlama (api.llama.fi/protocol/<slug>); null when DefiLlama does not cover it.';
comment on column public.protocols.tvl_usd is 'The TVL in US dollars (tvl is its display text).';
comment on column public.protocols.tvl_as_of is 'The day the TVL figure refers to.';
comment on column public.protocols.tvl_source_url is 'The page stating the TVL figure (http(s)).';
comment on column public.protocols.tvl_source is '''defillama'' (daily refresh) or ''curated'' (edited in data/protocols.csv).';

create table public.protocol_tvl_history (
  -- A protocol removed from the directory takes its history with it (sync_protocols deletes).
  protocol_id uuid not null references public.protocols (id) on delete cascade,
  day date not null,
  tvl_usd numeric not null,
  source text not null,
  primary key (protocol_id, day),
  constraint protocol_tvl_history_day_check check (day between date '2015-01-01' and date '2099-12-31'),
  constraint protocol_tvl_history_tvl_usd_check check (tvl_usd >= 0 and tvl_usd < 1e15),
  constraint protocol_tvl_history_source_check check (source in ('defillama', 'curated'))
);

comment on table public.protocol_tvl_history is
  'One TVL figure per protocol and day (DefiLlama daily points, curated figures). Public read, no public write.';

-- The same grants and read policy as public.protocols (20251001000000_protocols.sql): privileges
-- and policies belong to one table each, so every public table states its own.
revoke all on table public.protocol_tvl_history from anon, authenticated;
grant select on table public.protocol_tvl_history to anon, authenticated;
grant all on table public.protocol_tvl_history to service_role;

alter table public.protocol_tvl_history enable row level security;

create policy "TVL history is readable by everyone"
  on public.protocol_tvl_history
  for select
  to anon, authenticated
  using (true);

-- Applies one refresh in one transaction (a function call is one statement): the figures of the
-- protocols in updates (matched by defillama_slug), one history row each for run_day, and any
-- backfilled history points. Only rows whose values change are written, so a repeated run
-- changes nothing. A figure already dated after run_day is never overwritten by an older one.
--   updates: [{ "defillama_slug", "tvl", "tvl_usd", "blockchains" }]
--   history: [{ "defillama_slug", "day", "tvl_usd" }]
-- Its input checks (JSON arrays of objects, no duplicate key) mirror sync_protocols' on purpose,
-- written out in each function: a shared plpgsql helper would only move the two queries.
create function public.refresh_protocol_tvl(run_day date, updates jsonb, history jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  unknown_slug text;
  duplicate_slug text;
  updated_count integer;
  history_count integer;
begin
  if run_day is null then
    raise exception 'refresh_protocol_tvl: run_day is required' using errcode = '22023';
  end if;
  if updates is null or jsonb_typeof(updates) <> 'array' or history is null or jsonb_typeof(history) <> 'array' then
    raise exception 'refresh_protocol_tvl: updates and history must be JSON arrays' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(updates || history) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'refresh_protocol_tvl: every element must be an object' using errcode = '22023';
  end if;

  select e.value ->> 'defillama_slug' into unknown_slug
  from jsonb_array_elements(updates || history) as e(value)
  where not exists (select 1 from public.protocols p where p.defillama_slug = e.value ->> 'defillama_slug')
  limit 1;
  if found then
    raise exception 'refresh_protocol_tvl: no protocol has defillama_slug "%"', coalesce(unknown_slug, '(null)') using errcode = '22023';
  end if;

  select e.value ->> 'defillama_slug' into duplicate_slug
  from jsonb_array_elements(updates) as e(value)
  group by e.value ->> 'defillama_slug'
  having count(*) > 1
  limit 1;
  if duplicate_slug is not null then
    raise exception 'refresh_protocol_tvl: defillama_slug "%" appears more than once', duplicate_slug using errcode = '22023';
  end if;

  with input as (
    select * from jsonb_to_recordset(updates) as r(defillama_slug text, tvl text, tvl_usd numeric, blockchains text[])
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
    returning 1
  )
  select count(*) into updated_count from written;

  with given as (
    -- The run's own day for each update, then the backfilled points; per protocol and day the
    -- last one given wins (the run's figure is given after any backfilled point of that day).
    select e.value ->> 'defillama_slug' as slug, (e.value ->> 'day')::date as day, (e.value ->> 'tvl_usd')::numeric as tvl_usd, e.n
    from jsonb_array_elements(history) with ordinality as e(value, n)
    union all
    select e.value ->> 'defillama_slug', run_day, (e.value ->> 'tvl_usd')::numeric, jsonb_array_length(history) + e.n
    from jsonb_array_elements(updates) with ordinality as e(value, n)
  ),
  points as (
    select distinct on (p.id, g.day) p.id, g.day, g.tvl_usd
    from given g join public.protocols p on p.defillama_slug = g.slug
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

  return jsonb_build_object('updated', updated_count, 'history', history_count);
end;
$$;

comment on function public.refresh_protocol_tvl(date, jsonb, jsonb) is
  'Writes one TVL refresh (figures + history) in one transaction. service_role only.';

revoke execute on function public.refresh_protocol_tvl(date, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.refresh_protocol_tvl(date, jsonb, jsonb) to service_role;

-- sync_protocols (data:push) now carries the TVL columns too. The body is the provenance
-- migration's, with the five columns added to the allowed keys, the insert and the update.
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
    'defillama_slug', 'tvl_usd', 'tvl_as_of', 'tvl_source_url', 'tvl_source'
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
    select *
    from jsonb_to_recordset(rows) as r(
      name text, description text, asset_classes text[], blockchains text[], tvl text,
      yield_range text, risk_level text, min_investment text, url text,
      source_url text, as_of date, notes text,
      defillama_slug text, tvl_usd numeric, tvl_as_of date, tvl_source_url text, tvl_source text
    )
  ),
  written as (
    insert into public.protocols as p (
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source
    )
    select
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes,
      defillama_slug, tvl_usd, tvl_as_of, tvl_source_url, tvl_source
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
      updated_at = now()
    where (p.description, p.asset_classes, p.blockchains, p.tvl, p.yield_range, p.risk_level,
           p.min_investment, p.url, p.source_url, p.as_of, p.notes,
           p.defillama_slug, p.tvl_usd, p.tvl_as_of, p.tvl_source_url, p.tvl_source)
      is distinct from
          (excluded.description, excluded.asset_classes, excluded.blockchains, excluded.tvl,
           excluded.yield_range, excluded.risk_level, excluded.min_investment, excluded.url,
           excluded.source_url, excluded.as_of, excluded.notes,
           excluded.defillama_slug, excluded.tvl_usd, excluded.tvl_as_of, excluded.tvl_source_url,
           excluded.tvl_source)
    returning (p.xmax = 0) as was_inserted
  )
  select count(*) filter (where was_inserted), count(*) filter (where not was_inserted)
  into inserted_count, updated_count
  from written;

  return jsonb_build_object('inserted', inserted_count, 'updated', updated_count, 'deleted', deleted_count);
end;
$$;

revoke execute on function public.sync_protocols(jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocols(jsonb) to service_role;
