-- Provenance for every figure: where it came from, the date it refers to, and notes
-- (estimate or published, caveats). Nullable so rows written before this migration stay valid;
-- data/protocols.csv requires source_url and as_of for every row it writes.
alter table public.protocols
  add column source_url text,
  add column as_of date,
  add column notes text;

alter table public.protocols
  add constraint protocols_source_url_check
    check (source_url ~ '^https?://[^\s]+$' and char_length(source_url) <= 2048),
  -- A CHECK must be immutable: Postgres evaluates it only when a row is written and assumes the
  -- answer never changes (dump/restore re-checks it), so "not in the future" via now() would be
  -- unreliable. The fixed window catches typos (2205-10-31, 1925-10-31); freshness (at most 120
  -- days old, not in the future) is enforced by npm run data:check before anything is pushed.
  add constraint protocols_as_of_check
    check (as_of between date '2015-01-01' and date '2099-12-31'),
  add constraint protocols_notes_check
    check (btrim(notes) <> '' and char_length(notes) <= 1000);

comment on column public.protocols.source_url is 'Where the row''s figures come from (http(s)).';
comment on column public.protocols.as_of is 'The date the row''s figures (TVL, yield) refer to.';
comment on column public.protocols.notes is 'Provenance notes: published or estimated figures, caveats.';

-- Replaces the whole directory with the given rows in one transaction (a function call is one
-- statement): upsert by name, delete names that are absent, and report what changed. Used by
-- npm run data:push with the service-role key; security invoker, so table grants and RLS apply.
create function public.sync_protocols(rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'name', 'description', 'asset_classes', 'blockchains', 'tvl', 'yield_range', 'risk_level',
    'min_investment', 'url', 'source_url', 'as_of', 'notes'
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

  with input as (
    select *
    from jsonb_to_recordset(rows) as r(
      name text, description text, asset_classes text[], blockchains text[], tvl text,
      yield_range text, risk_level text, min_investment text, url text,
      source_url text, as_of date, notes text
    )
  ),
  written as (
    insert into public.protocols as p (
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes
    )
    select
      name, description, asset_classes, blockchains, tvl, yield_range, risk_level,
      min_investment, url, source_url, as_of, notes
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
      updated_at = now()
    -- Unchanged rows are not rewritten, so updated_at keeps meaning "last changed".
    where (p.description, p.asset_classes, p.blockchains, p.tvl, p.yield_range, p.risk_level,
           p.min_investment, p.url, p.source_url, p.as_of, p.notes)
      is distinct from
          (excluded.description, excluded.asset_classes, excluded.blockchains, excluded.tvl,
           excluded.yield_range, excluded.risk_level, excluded.min_investment, excluded.url,
           excluded.source_url, excluded.as_of, excluded.notes)
    -- xmax is 0 only for a freshly inserted tuple.
    returning (p.xmax = 0) as was_inserted
  )
  select count(*) filter (where was_inserted), count(*) filter (where not was_inserted)
  into inserted_count, updated_count
  from written;

  delete from public.protocols as p
  where not exists (select 1 from jsonb_array_elements(rows) as e(value) where e.value ->> 'name' = p.name);
  get diagnostics deleted_count = row_count;

  return jsonb_build_object('inserted', inserted_count, 'updated', updated_count, 'deleted', deleted_count);
end;
$$;

comment on function public.sync_protocols(jsonb) is
  'Replaces public.protocols with the given rows (upsert by name, delete absent names). service_role only.';

-- Supabase's default privileges grant EXECUTE on new functions to every API role: take it back.
revoke execute on function public.sync_protocols(jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocols(jsonb) to service_role;
