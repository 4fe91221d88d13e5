-- When each protocol went live, researched from its launch announcement or the fund's inception
-- date (data/launch-dates.csv), with its source like a finding's. The computed track record counts
-- its age from it, else from DefiLlama's listing date (docs/methodology.md), so the daily refresh,
-- which recomputes the track record, reads it here.
create table public.protocol_launch_dates (
  protocol_id uuid primary key references public.protocols (id) on delete cascade,
  -- YYYY-MM-DD, or YYYY-MM when the source states only the month.
  launch_date text not null,
  source_url text not null,
  source_kind text not null,
  source_tier text not null,
  document_date text not null,
  read_on date not null,
  constraint protocol_launch_dates_launch_date_check check (
    launch_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$'
  ),
  constraint protocol_launch_dates_source_url_check check (source_url ~ '^https?://[^\s/]+/\S+$'),
  constraint protocol_launch_dates_source_kind_check check (char_length(source_kind) between 1 and 40),
  constraint protocol_launch_dates_source_tier_check check (source_tier in ('primary', 'secondary')),
  constraint protocol_launch_dates_document_date_check check (
    document_date = 'undated' or document_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$'
  ),
  constraint protocol_launch_dates_read_on_check check (read_on between date '2015-01-01' and date '2099-12-31')
);

comment on table public.protocol_launch_dates is
  'Researched launch dates, with their source. Public read, no public write.';

revoke all on table public.protocol_launch_dates from anon, authenticated;
grant select on table public.protocol_launch_dates to anon, authenticated;
grant all on table public.protocol_launch_dates to service_role;

alter table public.protocol_launch_dates enable row level security;

create policy "Launch dates are readable by everyone"
  on public.protocol_launch_dates
  for select
  to anon, authenticated
  using (true);

-- data:push: the risk factors, the rating's changes and (when given) the launch dates, in one
-- transaction. launches: [{ "name", "launch_date", "source_url", "source_kind", "source_tier",
-- "document_date", "read_on" }]; null leaves the launch dates as they are.
drop function public.sync_protocol_risk_factors(jsonb, jsonb);

create function public.sync_protocol_risk_factors(
  factors jsonb,
  changes jsonb default '[]'::jsonb,
  launches jsonb default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  factor_keys constant text[] := array[
    'name', 'factor', 'level', 'finding', 'source_url', 'source_kind', 'source_tier', 'document_date',
    'read_on', 'computed'
  ];
  launch_keys constant text[] := array[
    'name', 'launch_date', 'source_url', 'source_kind', 'source_tier', 'document_date', 'read_on'
  ];
  bad_key text;
  unknown_name text;
  deleted_count integer;
  inserted_count integer;
  launch_count integer;
  recorded jsonb;
begin
  if factors is null or jsonb_typeof(factors) <> 'array' then
    raise exception 'sync_protocol_risk_factors: factors must be a JSON array of objects' using errcode = '22023';
  end if;
  if launches is not null and jsonb_typeof(launches) <> 'array' then
    raise exception 'sync_protocol_risk_factors: launches must be a JSON array of objects or null' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(factors || coalesce(launches, '[]'::jsonb)) as e(value)
    where jsonb_typeof(e.value) <> 'object'
  ) then
    raise exception 'sync_protocol_risk_factors: every element of factors and launches must be an object' using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(factors) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (factor_keys)
  limit 1;
  if bad_key is null then
    select k.key into bad_key
    from jsonb_array_elements(coalesce(launches, '[]'::jsonb)) as e(value), jsonb_object_keys(e.value) as k(key)
    where k.key <> all (launch_keys)
    limit 1;
  end if;
  if bad_key is not null then
    raise exception 'sync_protocol_risk_factors: unknown field "%"', bad_key using errcode = '22023';
  end if;
  select e.value ->> 'name' into unknown_name
  from jsonb_array_elements(factors || coalesce(launches, '[]'::jsonb)) as e(value)
  where not exists (select 1 from public.protocols p where p.name = e.value ->> 'name')
  limit 1;
  if unknown_name is not null then
    raise exception 'sync_protocol_risk_factors: no protocol is named "%"', unknown_name using errcode = '22023';
  end if;

  -- WHERE clauses, so the pg_safeupdate guard some PostgREST setups load does not refuse them.
  delete from public.protocol_risk_factors where true;
  get diagnostics deleted_count = row_count;
  insert into public.protocol_risk_factors
    (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)
  select p.id, e.value ->> 'factor', e.value ->> 'level', e.value ->> 'finding', e.value ->> 'source_url',
         e.value ->> 'source_kind', e.value ->> 'source_tier', e.value ->> 'document_date',
         (e.value ->> 'read_on')::date, coalesce((e.value ->> 'computed')::boolean, false)
  from jsonb_array_elements(factors) as e(value)
  join public.protocols p on p.name = e.value ->> 'name';
  get diagnostics inserted_count = row_count;

  if launches is not null then
    delete from public.protocol_launch_dates where true;
    insert into public.protocol_launch_dates
      (protocol_id, launch_date, source_url, source_kind, source_tier, document_date, read_on)
    select p.id, e.value ->> 'launch_date', e.value ->> 'source_url', e.value ->> 'source_kind',
           e.value ->> 'source_tier', e.value ->> 'document_date', (e.value ->> 'read_on')::date
    from jsonb_array_elements(launches) as e(value)
    join public.protocols p on p.name = e.value ->> 'name';
    get diagnostics launch_count = row_count;
  end if;

  recorded := public.record_protocol_changes(coalesce(changes, '[]'::jsonb));
  return jsonb_build_object(
    'deleted', deleted_count,
    'inserted', inserted_count,
    'recorded', (recorded ->> 'recorded')::integer,
    'launches', launch_count
  );
end;
$$;

comment on function public.sync_protocol_risk_factors(jsonb, jsonb, jsonb) is
  'data:push: replaces every risk factor row (and the launch dates, when given) and records the rating''s changes, in one transaction. Service role only.';

revoke execute on function public.sync_protocol_risk_factors(jsonb, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocol_risk_factors(jsonb, jsonb, jsonb) to service_role;
