-- Every finding names its source's kind and tier and the date the document itself states
-- (docs/methodology.md, "Sources"), and a review's rating changes are recorded with the findings
-- that cause them, in one transaction.
--
-- * source_kind: a short document kind ('Fact sheet', 'SEC filing', 'Dataset' for DefiLlama's data
--   behind a computed factor ...).
-- * source_tier: 'primary' or 'secondary' (the never list is enforced by npm run data:check).
-- * document_date: 'YYYY-MM-DD', 'YYYY-MM' when the document states only a month, or 'undated'.
alter table public.protocol_risk_factors
  add column source_kind text,
  add column source_tier text,
  add column document_date text;

alter table public.protocol_risk_factors
  add constraint protocol_risk_factors_source_kind_check check (
    source_kind is null or char_length(source_kind) between 1 and 40
  ),
  add constraint protocol_risk_factors_source_tier_check check (
    source_tier is null or source_tier in ('primary', 'secondary')
  ),
  add constraint protocol_risk_factors_document_date_check check (
    document_date is null
    or document_date = 'undated'
    or document_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$'
  );

-- Rows written before this migration have none of the three until the next data:push replaces
-- every row, so the rule holds for every row written from now on (not valid: old rows unchecked).
alter table public.protocol_risk_factors
  add constraint protocol_risk_factors_provenance_check check (
    source_kind is not null and source_tier is not null and document_date is not null
  ) not valid;

comment on column public.protocol_risk_factors.source_tier is
  'primary (the issuer''s documents, regulators'' filings, audits, governance) or secondary (press, research, third parties).';
comment on column public.protocol_risk_factors.document_date is
  'The date the document states: YYYY-MM-DD, YYYY-MM, or undated. read_on is the day it was read.';

-- data:push: replaces every factor row and records the rating's changes in one transaction.
--   factors: [{ "name", "factor", "level", "finding", "source_url", "source_kind", "source_tier",
--               "document_date", "read_on", "computed" }]
--   changes: what public.record_protocol_changes takes (kinds 'risk_factor' and 'risk_level').
-- A row naming a protocol the table does not have, or an unknown key, is an error: nothing is
-- written. Returns { "deleted", "inserted", "recorded" }.
drop function public.sync_protocol_risk_factors(jsonb);

create function public.sync_protocol_risk_factors(factors jsonb, changes jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'name', 'factor', 'level', 'finding', 'source_url', 'source_kind', 'source_tier', 'document_date',
    'read_on', 'computed'
  ];
  bad_key text;
  unknown_name text;
  deleted_count integer;
  inserted_count integer;
  recorded jsonb;
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
  insert into public.protocol_risk_factors
    (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)
  select p.id, e.value ->> 'factor', e.value ->> 'level', e.value ->> 'finding', e.value ->> 'source_url',
         e.value ->> 'source_kind', e.value ->> 'source_tier', e.value ->> 'document_date',
         (e.value ->> 'read_on')::date, coalesce((e.value ->> 'computed')::boolean, false)
  from jsonb_array_elements(factors) as e(value)
  join public.protocols p on p.name = e.value ->> 'name';
  get diagnostics inserted_count = row_count;
  recorded := public.record_protocol_changes(coalesce(changes, '[]'::jsonb));
  return jsonb_build_object(
    'deleted', deleted_count, 'inserted', inserted_count, 'recorded', (recorded ->> 'recorded')::integer
  );
end;
$$;

comment on function public.sync_protocol_risk_factors(jsonb, jsonb) is
  'data:push: replaces every risk factor row and records the rating''s changes, in one transaction. Service role only.';

revoke execute on function public.sync_protocol_risk_factors(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocol_risk_factors(jsonb, jsonb) to service_role;
