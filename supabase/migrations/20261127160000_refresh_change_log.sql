-- The daily refresh records its change log (public.protocol_changes) in the same transaction as its
-- figures, and the log's values are documented for the open API.
--
-- * protocol_change_windows(run_day): per protocol with a DefiLlama slug, its TVL points of the 7
--   days before run_day and the day of its last TVL change recorded in that window. The refresh's
--   rule (supabase/functions/refresh-protocols/lib/change-rules.ts) measures a 7-day move from the
--   oldest point, never from before that last change, so one drop is told once.
-- * apply_protocol_refresh_logged(run_day, changes): apply_protocol_refresh with `changes` minus its
--   `log`, then the log's rows (day run_day, recorded_by 'refresh'), in one transaction: the entries
--   and the figures they describe are written together or not at all. The refresh sends entries
--   only for figures it writes, so a held figure records nothing. An entry already recorded for the
--   day is skipped; an entry naming an unknown slug, or with an unknown key, aborts the whole call.
--   Returns apply_protocol_refresh's counts plus `changes`, the rows recorded.

comment on column public.protocol_changes.old_value is
  'The value before: whole US dollars for tvl, listed and dropped; the range as the site writes it (''3.8-4.2%'') for yield; the old name or slug for renamed; the level or assessment for risk; the term''s text for terms. Null when there was none.';
comment on column public.protocol_changes.new_value is
  'The value after, in the same form as old_value. Null when there is none (dropped, no longer rated).';
comment on column public.protocol_changes.field is
  'What changed within the kind: ''1d'' or ''7d'' for a TVL move, a term, a risk factor, ''defillama_slug'' for DefiLlama''s rename, ''below_threshold'' for a tracked row that fell below it, ''relisted'' for a protocol DefiLlama lists again.';

create function public.protocol_change_windows(run_day date)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(w order by w.defillama_slug), '[]'::jsonb)
  from (
    select
      p.defillama_slug,
      coalesce(
        (select jsonb_agg(jsonb_build_object('day', h.day, 'tvl_usd', h.tvl_usd) order by h.day)
           from public.protocol_tvl_history h
          where h.protocol_id = p.id and h.day >= run_day - 7 and h.day < run_day),
        '[]'::jsonb
      ) as points,
      (select max(c.day)
         from public.protocol_changes c
        where c.protocol_id = p.id and c.kind = 'tvl' and c.day >= run_day - 7 and c.day < run_day) as last_tvl_change
    from public.protocols p
    where p.defillama_slug is not null
  ) as w
$$;

comment on function public.protocol_change_windows(date) is
  'Per protocol: its TVL points of the 7 days before run_day and its last TVL change in them (the change log''s rule). service_role only.';

revoke execute on function public.protocol_change_windows(date) from public, anon, authenticated;
grant execute on function public.protocol_change_windows(date) to service_role;

create function public.apply_protocol_refresh_logged(run_day date, changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'defillama_slug', 'kind', 'field', 'old_value', 'new_value', 'reason', 'source_url'
  ];
  log jsonb;
  bad_key text;
  bad_slug text;
  result jsonb;
  logged integer;
begin
  if changes is null or jsonb_typeof(changes) <> 'object' then
    raise exception 'apply_protocol_refresh_logged: changes must be a JSON object' using errcode = '22023';
  end if;
  log := coalesce(changes -> 'log', '[]'::jsonb);
  if jsonb_typeof(log) <> 'array' then
    raise exception 'apply_protocol_refresh_logged: log must be a JSON array' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(log) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'apply_protocol_refresh_logged: every log entry must be an object' using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(log) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (allowed_keys)
  limit 1;
  if bad_key is not null then
    raise exception 'apply_protocol_refresh_logged: unknown log field "%"', bad_key using errcode = '22023';
  end if;

  -- The figures first: a listing's row exists, a renamed slug is the row's, before the log names them.
  result := public.apply_protocol_refresh(run_day, changes - 'log');

  select e.value ->> 'defillama_slug' into bad_slug
  from jsonb_array_elements(log) as e(value)
  where not exists (select 1 from public.protocols p where p.defillama_slug = e.value ->> 'defillama_slug')
  limit 1;
  if found then
    raise exception 'apply_protocol_refresh_logged: no protocol has defillama_slug "%"', coalesce(bad_slug, '(null)') using errcode = '22023';
  end if;

  insert into public.protocol_changes
    (day, protocol_id, kind, field, old_value, new_value, reason, source_url, recorded_by)
  select run_day, p.id, r.kind, r.field, r.old_value, r.new_value, r.reason, r.source_url, 'refresh'
  from jsonb_to_recordset(log) as r(
    defillama_slug text, kind text, field text, old_value text, new_value text, reason text, source_url text
  )
  join public.protocols p on p.defillama_slug = r.defillama_slug
  on conflict do nothing;
  get diagnostics logged = row_count;
  return result || jsonb_build_object('changes', logged);
end;
$$;

comment on function public.apply_protocol_refresh_logged(date, jsonb) is
  'Writes one refresh (apply_protocol_refresh) and the change log it makes, in one transaction. service_role only.';

revoke execute on function public.apply_protocol_refresh_logged(date, jsonb) from public, anon, authenticated;
grant execute on function public.apply_protocol_refresh_logged(date, jsonb) to service_role;
