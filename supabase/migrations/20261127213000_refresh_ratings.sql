-- The daily refresh recomputes the rating of every protocol whose figure it writes (issue 32;
-- docs/methodology.md, "Changes"): its computed risk factors (smart contract from DefiLlama's
-- audits flag, track record from the launch or listing date, the TVL and its history) and its
-- overall level, in the same transaction as the figures and the change log that records them.
--
-- * protocol_rating_inputs(): per protocol with a DefiLlama slug, what the rating reads: the level
--   its row holds, its factor rows (researched and computed), its researched launch date and its
--   DefiLlama TVL history. The refresh computes with the rule's own code
--   (supabase/functions/_shared/risk-rating.ts, computed-factors.ts, risk-changes.ts).
-- * apply_protocol_refresh_logged(run_day, changes): as 20261127160000_refresh_change_log.sql, and
--   `changes.ratings` too: [{ "defillama_slug", "risk_level" (null: 'Not rated'), "factors":
--   [{ "factor", "level", "finding", "source_url" }] }]. For a protocol whose figure this call
--   wrote (tvl_as_of = run_day), its computed factor rows are replaced by the given ones (read on
--   run_day, DefiLlama's data as their source; a researched row for the same factor is kept and
--   wins) and its risk_level is set. A rating naming an unknown slug, or with an unknown key, aborts
--   the whole call. apply_protocol_refresh_with_products calls this function, so a refresh with
--   products rates the same way. Returns the counts plus `risk_levels` (levels changed) and
--   `risk_factors` (computed rows written).

create function public.protocol_rating_inputs()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(r order by r.defillama_slug), '[]'::jsonb)
  from (
    select
      p.defillama_slug,
      p.risk_level,
      coalesce(
        (select jsonb_agg(jsonb_build_object(
            'factor', f.factor, 'level', f.level, 'finding', f.finding, 'source_url', f.source_url,
            'computed', f.computed) order by f.factor)
           from public.protocol_risk_factors f where f.protocol_id = p.id),
        '[]'::jsonb
      ) as factors,
      (select jsonb_build_object('date', l.launch_date, 'source_url', l.source_url)
         from public.protocol_launch_dates l where l.protocol_id = p.id) as launch,
      coalesce(
        (select jsonb_agg(jsonb_build_object('day', h.day, 'tvl_usd', h.tvl_usd) order by h.day)
           from public.protocol_tvl_history h
          where h.protocol_id = p.id and h.source = 'defillama'),
        '[]'::jsonb
      ) as history
    from public.protocols p
    where p.defillama_slug is not null
  ) as r
$$;

comment on function public.protocol_rating_inputs() is
  'Per protocol: its level, factor rows, launch date and DefiLlama TVL history (what the daily refresh rates from). service_role only.';

revoke execute on function public.protocol_rating_inputs() from public, anon, authenticated;
grant execute on function public.protocol_rating_inputs() to service_role;

create or replace function public.apply_protocol_refresh_logged(run_day date, changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'defillama_slug', 'kind', 'field', 'old_value', 'new_value', 'reason', 'source_url'
  ];
  rating_keys constant text[] := array['defillama_slug', 'risk_level', 'factors'];
  factor_keys constant text[] := array['factor', 'level', 'finding', 'source_url'];
  log jsonb;
  ratings jsonb;
  bad_key text;
  bad_slug text;
  result jsonb;
  logged integer;
  factor_count integer;
  level_count integer;
begin
  if changes is null or jsonb_typeof(changes) <> 'object' then
    raise exception 'apply_protocol_refresh_logged: changes must be a JSON object' using errcode = '22023';
  end if;
  log := coalesce(changes -> 'log', '[]'::jsonb);
  ratings := coalesce(changes -> 'ratings', '[]'::jsonb);
  if jsonb_typeof(log) <> 'array' then
    raise exception 'apply_protocol_refresh_logged: log must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_typeof(ratings) <> 'array' then
    raise exception 'apply_protocol_refresh_logged: ratings must be a JSON array' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(log) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'apply_protocol_refresh_logged: every log entry must be an object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(ratings) as e(value)
    where jsonb_typeof(e.value) <> 'object' or jsonb_typeof(coalesce(e.value -> 'factors', '[]'::jsonb)) <> 'array'
  ) then
    raise exception 'apply_protocol_refresh_logged: every rating must be an object with an array of factors' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(ratings) as e(value), jsonb_array_elements(e.value -> 'factors') as f(value)
    where jsonb_typeof(f.value) <> 'object'
  ) then
    raise exception 'apply_protocol_refresh_logged: every rating factor must be an object' using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(log) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (allowed_keys)
  limit 1;
  if bad_key is not null then
    raise exception 'apply_protocol_refresh_logged: unknown log field "%"', bad_key using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(ratings) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (rating_keys)
  limit 1;
  if bad_key is null then
    select k.key into bad_key
    from jsonb_array_elements(ratings) as e(value), jsonb_array_elements(e.value -> 'factors') as f(value),
         jsonb_object_keys(f.value) as k(key)
    where k.key <> all (factor_keys)
    limit 1;
  end if;
  if bad_key is not null then
    raise exception 'apply_protocol_refresh_logged: unknown rating field "%"', bad_key using errcode = '22023';
  end if;

  -- The figures first: a listing's row exists, a renamed slug is the row's, before the log and the
  -- ratings name them.
  result := public.apply_protocol_refresh(run_day, changes - 'log' - 'ratings');

  select e.value ->> 'defillama_slug' into bad_slug
  from jsonb_array_elements(log || ratings) as e(value)
  where not exists (select 1 from public.protocols p where p.defillama_slug = e.value ->> 'defillama_slug')
  limit 1;
  if found then
    raise exception 'apply_protocol_refresh_logged: no protocol has defillama_slug "%"', coalesce(bad_slug, '(null)') using errcode = '22023';
  end if;

  -- The ratings, only for the rows whose figure this call wrote. WHERE clauses throughout, so the
  -- pg_safeupdate guard some PostgREST setups load does not refuse them.
  delete from public.protocol_risk_factors as f
  using jsonb_array_elements(ratings) as e(value), public.protocols as p
  where p.defillama_slug = e.value ->> 'defillama_slug' and p.tvl_as_of = run_day
    and f.protocol_id = p.id and f.computed;
  insert into public.protocol_risk_factors
    (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)
  select p.id, f.value ->> 'factor', f.value ->> 'level', f.value ->> 'finding', f.value ->> 'source_url',
         'Dataset', 'secondary', to_char(run_day, 'YYYY-MM-DD'), run_day, true
  from jsonb_array_elements(ratings) as e(value)
  join public.protocols p on p.defillama_slug = e.value ->> 'defillama_slug'
  cross join jsonb_array_elements(e.value -> 'factors') as f(value)
  where p.tvl_as_of = run_day
  on conflict (protocol_id, factor) do nothing;
  get diagnostics factor_count = row_count;
  update public.protocols as p set risk_level = e.value ->> 'risk_level'
  from jsonb_array_elements(ratings) as e(value)
  where p.defillama_slug = e.value ->> 'defillama_slug' and p.tvl_as_of = run_day
    and p.risk_level is distinct from (e.value ->> 'risk_level');
  get diagnostics level_count = row_count;

  insert into public.protocol_changes
    (day, protocol_id, kind, field, old_value, new_value, reason, source_url, recorded_by)
  select run_day, p.id, r.kind, r.field, r.old_value, r.new_value, r.reason, r.source_url, 'refresh'
  from jsonb_to_recordset(log) as r(
    defillama_slug text, kind text, field text, old_value text, new_value text, reason text, source_url text
  )
  join public.protocols p on p.defillama_slug = r.defillama_slug
  on conflict do nothing;
  get diagnostics logged = row_count;
  return result || jsonb_build_object('changes', logged, 'risk_levels', level_count, 'risk_factors', factor_count);
end;
$$;

comment on function public.apply_protocol_refresh_logged(date, jsonb) is
  'Writes one refresh (apply_protocol_refresh), the ratings its figures imply and the change log it makes, in one transaction. service_role only.';
