-- The evidence behind each protocol's risk level (docs/methodology.md). One row per protocol and
-- factor that has evidence: the assessment, a one-sentence finding, the page that states it and the
-- date it was read. Researched rows come from data/risk-evidence.csv; computed rows (contract,
-- track_record) from the protocol's DefiLlama data. A factor with no row is 'Unknown'.
create table public.protocol_risk_factors (
  protocol_id uuid not null references public.protocols (id) on delete cascade,
  factor text not null,
  level text not null,
  finding text not null,
  source_url text not null,
  read_on date not null,
  computed boolean not null default false,
  primary key (protocol_id, factor),
  constraint protocol_risk_factors_factor_check check (
    factor in ('asset', 'legal', 'custody', 'redemption', 'contract', 'track_record', 'regulation')
  ),
  constraint protocol_risk_factors_level_check check (level in ('Low', 'Medium', 'High', 'Very High')),
  constraint protocol_risk_factors_finding_check check (char_length(finding) between 1 and 400),
  constraint protocol_risk_factors_source_url_check check (source_url ~ '^https?://[^\s/]+/\S+$'),
  constraint protocol_risk_factors_read_on_check check (read_on between date '2015-01-01' and date '2099-12-31')
);

comment on table public.protocol_risk_factors is
  'Risk factor assessments with their evidence (finding, source page, date read). Public read, no public write.';

-- The same grants and read policy as public.protocol_tvl_history.
revoke all on table public.protocol_risk_factors from anon, authenticated;
grant select on table public.protocol_risk_factors to anon, authenticated;
grant all on table public.protocol_risk_factors to service_role;

alter table public.protocol_risk_factors enable row level security;

create policy "Risk factors are readable by everyone"
  on public.protocol_risk_factors
  for select
  to anon, authenticated
  using (true);

-- Replaces every protocol's factor rows in one transaction (data:push, after sync_protocols), so
-- the live table always matches data/risk-evidence.csv plus the computed factors.
--   factors: [{ "name", "factor", "level", "finding", "source_url", "read_on", "computed" }]
-- A row naming a protocol the table does not have is an error: nothing is written.
create or replace function public.sync_protocol_risk_factors(factors jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array['name', 'factor', 'level', 'finding', 'source_url', 'read_on', 'computed'];
  bad_key text;
  unknown_name text;
  deleted_count integer;
  inserted_count integer;
begin
  if factors is null or jsonb_typeof(factors) <> 'array' then
    raise exception 'sync_protocol_risk_factors: factors must be a JSON array of objects' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(factors) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'sync_protocol_risk_factors: every element of factors must be an object' using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(factors) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (allowed_keys)
  limit 1;
  if bad_key is not null then
    raise exception 'sync_protocol_risk_factors: unknown field "%"', bad_key using errcode = '22023';
  end if;
  select e.value ->> 'name' into unknown_name
  from jsonb_array_elements(factors) as e(value)
  where not exists (select 1 from public.protocols p where p.name = e.value ->> 'name')
  limit 1;
  if unknown_name is not null then
    raise exception 'sync_protocol_risk_factors: no protocol is named "%"', unknown_name using errcode = '22023';
  end if;

  -- A WHERE clause, so the pg_safeupdate guard some PostgREST setups load does not refuse it.
  delete from public.protocol_risk_factors where true;
  get diagnostics deleted_count = row_count;
  insert into public.protocol_risk_factors (protocol_id, factor, level, finding, source_url, read_on, computed)
  select p.id, e.value ->> 'factor', e.value ->> 'level', e.value ->> 'finding', e.value ->> 'source_url',
         (e.value ->> 'read_on')::date, coalesce((e.value ->> 'computed')::boolean, false)
  from jsonb_array_elements(factors) as e(value)
  join public.protocols p on p.name = e.value ->> 'name';
  get diagnostics inserted_count = row_count;
  return jsonb_build_object('deleted', deleted_count, 'inserted', inserted_count);
end;
$$;

comment on function public.sync_protocol_risk_factors(jsonb) is
  'data:push: replaces every risk factor row in one transaction. Service role only.';

revoke execute on function public.sync_protocol_risk_factors(jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocol_risk_factors(jsonb) to service_role;
