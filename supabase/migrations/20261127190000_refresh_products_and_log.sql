-- The refresh writes its figures, its change log and the products' yields in one transaction.
-- 20261127120000_products.sql's apply_protocol_refresh_with_products called apply_protocol_refresh,
-- and 20261127160000_refresh_change_log.sql's apply_protocol_refresh_logged records the change log
-- around the same call; they were written side by side. Now the products' function calls the logged
-- one, so a refresh with products records its `changes.log` too (the log's checks are the logged
-- function's). Same signature, same grants.
create or replace function public.apply_protocol_refresh_with_products(run_day date, changes jsonb, products jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  result jsonb;
  yields jsonb := coalesce(products -> 'yields', '[]'::jsonb);
  notes jsonb := coalesce(products -> 'notes', '[]'::jsonb);
  bad_key text;
  product_count integer;
  note_count integer;
begin
  if products is null or jsonb_typeof(products) <> 'object' then
    raise exception 'apply_protocol_refresh_with_products: products must be a JSON object' using errcode = '22023';
  end if;
  select k into bad_key from jsonb_object_keys(products) as k where k <> all (array['yields', 'notes']) limit 1;
  if bad_key is not null then
    raise exception 'apply_protocol_refresh_with_products: unknown section "%"', bad_key using errcode = '22023';
  end if;
  if jsonb_typeof(yields) <> 'array' or jsonb_typeof(notes) <> 'array' then
    raise exception 'apply_protocol_refresh_with_products: every section must be a JSON array' using errcode = '22023';
  end if;

  result := public.apply_protocol_refresh_logged(run_day, changes);

  with input as (
    select * from jsonb_to_recordset(yields) as r(
      defillama_slug text, symbol text, apy_min numeric, apy_max numeric, source_url text
    )
  ),
  written as (
    update public.products as pr set
      pool_apy_min = i.apy_min,
      pool_apy_max = i.apy_max,
      pool_yield_as_of = run_day,
      pool_yield_source_url = i.source_url
    from input i join public.protocols p on p.defillama_slug = i.defillama_slug
    where pr.protocol_id = p.id and pr.symbol = i.symbol and p.yield_as_of = run_day
      and (pr.pool_yield_as_of is null or pr.pool_yield_as_of <= run_day)
      and (pr.pool_apy_min, pr.pool_apy_max, pr.pool_yield_as_of, pr.pool_yield_source_url)
        is distinct from (i.apy_min, i.apy_max, run_day, i.source_url)
    returning 1
  )
  select count(*) into product_count from written;

  with input as (
    select * from jsonb_to_recordset(notes) as r(defillama_slug text, yield_note text)
  ),
  written as (
    update public.protocols as p set yield_note = i.yield_note
    from input i
    where p.defillama_slug = i.defillama_slug and p.yield_as_of = run_day
      and p.yield_note is distinct from i.yield_note
    returning 1
  )
  select count(*) into note_count from written;

  return result || jsonb_build_object('product_yields', product_count, 'yield_notes', note_count);
end;
$$;

comment on function public.apply_protocol_refresh_with_products(date, jsonb, jsonb) is
  'The daily refresh: apply_protocol_refresh_logged (the figures and their change log) plus the products'' pool yields and the yield notes, in one transaction. service_role only.';
revoke execute on function public.apply_protocol_refresh_with_products(date, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.apply_protocol_refresh_with_products(date, jsonb, jsonb) to service_role;
