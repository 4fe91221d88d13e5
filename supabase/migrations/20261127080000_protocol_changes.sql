-- The public change log: one row per change a visitor may want to follow, written by whoever made
-- the change, in the same transaction as the change itself.
--
-- * The daily refresh (apply_protocol_refresh) records what DefiLlama's figures changed: a new
--   listing, a protocol DefiLlama no longer tracks, a new name, a TVL or yield move past the
--   thresholds, and the computed risk factors (track record, audits) with the overall level.
-- * A review (data:build's seed and data:push) records curated edits: a product's terms, a
--   researched risk factor, the overall level.
--
-- The Atom feeds, the /changes page and each protocol page's "recent changes" read this table, and
-- so does the rating's own changelog ("Changed on ..." in the Risk section): one table for both.

create table public.protocol_changes (
  id bigint generated always as identity primary key,
  -- The day the change took effect (the refresh's run day, or the review's day).
  day date not null,
  protocol_id uuid not null references public.protocols (id) on delete cascade,
  -- The product (token) the change concerns, by symbol; null for the protocol as a whole.
  product_symbol text,
  kind text not null,
  -- What changed within the kind: a term ('min_investment', 'investor_access', 'redemption',
  -- 'fees'), a risk factor ('asset', ... 'regulation'), or the TVL window ('1d', '7d').
  field text,
  old_value text,
  new_value text,
  -- Why, in words a visitor reads (the finding, the refresh's rule).
  reason text,
  -- The page that states the new value (DefiLlama's page for a refreshed figure).
  source_url text,
  recorded_by text not null,
  created_at timestamptz not null default now(),
  constraint protocol_changes_kind_check check (
    kind in ('listed', 'dropped', 'renamed', 'tvl', 'yield', 'risk_level', 'risk_factor', 'terms')
  ),
  constraint protocol_changes_recorded_by_check check (recorded_by in ('refresh', 'review')),
  constraint protocol_changes_day_check check (day between date '2015-01-01' and date '2099-12-31'),
  constraint protocol_changes_product_symbol_check check (
    product_symbol is null or char_length(product_symbol) between 1 and 40
  ),
  constraint protocol_changes_field_check check (field is null or field ~ '^[a-z0-9_]{1,40}$'),
  constraint protocol_changes_old_value_check check (old_value is null or char_length(old_value) <= 400),
  constraint protocol_changes_new_value_check check (new_value is null or char_length(new_value) <= 400),
  constraint protocol_changes_reason_check check (reason is null or char_length(reason) <= 400),
  constraint protocol_changes_source_url_check check (source_url is null or source_url ~ '^https?://[^\s/]+/\S+$')
);

comment on table public.protocol_changes is
  'What changed, when, old -> new, why and where it is stated. Public read, no public write.';

-- A change is recorded once: replaying a day, or pushing the same review twice, adds nothing.
create unique index protocol_changes_once
  on public.protocol_changes (day, protocol_id, kind, coalesce(product_symbol, ''), coalesce(field, ''));
create index protocol_changes_by_protocol on public.protocol_changes (protocol_id, day desc, id desc);
create index protocol_changes_newest on public.protocol_changes (day desc, id desc);

-- The same grants and read policy as the other public tables.
revoke all on table public.protocol_changes from anon, authenticated;
grant select on table public.protocol_changes to anon, authenticated;
grant all on table public.protocol_changes to service_role;

alter table public.protocol_changes enable row level security;

create policy "Changes are readable by everyone"
  on public.protocol_changes
  for select
  to anon, authenticated
  using (true);

-- Records reviewed changes (data:push, the seed), in the caller's transaction.
--   changes: [{ "name", "day", "product_symbol"?, "kind", "field"?, "old_value"?, "new_value"?,
--               "reason"?, "source_url"? }]
-- A change already recorded is skipped. A row naming a protocol the table does not have, or an
-- unknown key, is an error: nothing is written. Returns { "recorded": N }.
create function public.record_protocol_changes(changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed_keys constant text[] := array[
    'name', 'day', 'product_symbol', 'kind', 'field', 'old_value', 'new_value', 'reason', 'source_url'
  ];
  bad_key text;
  unknown_name text;
  recorded_count integer;
begin
  if changes is null or jsonb_typeof(changes) <> 'array' then
    raise exception 'record_protocol_changes: changes must be a JSON array of objects' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(changes) as e(value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'record_protocol_changes: every element of changes must be an object' using errcode = '22023';
  end if;
  select k.key into bad_key
  from jsonb_array_elements(changes) as e(value), jsonb_object_keys(e.value) as k(key)
  where k.key <> all (allowed_keys)
  limit 1;
  if bad_key is not null then
    raise exception 'record_protocol_changes: unknown field "%"', bad_key using errcode = '22023';
  end if;
  select e.value ->> 'name' into unknown_name
  from jsonb_array_elements(changes) as e(value)
  where not exists (select 1 from public.protocols p where p.name = e.value ->> 'name')
  limit 1;
  if unknown_name is not null then
    raise exception 'record_protocol_changes: no protocol is named "%"', unknown_name using errcode = '22023';
  end if;

  insert into public.protocol_changes
    (day, protocol_id, product_symbol, kind, field, old_value, new_value, reason, source_url, recorded_by)
  select
    (e.value ->> 'day')::date,
    p.id,
    e.value ->> 'product_symbol',
    e.value ->> 'kind',
    e.value ->> 'field',
    e.value ->> 'old_value',
    e.value ->> 'new_value',
    e.value ->> 'reason',
    e.value ->> 'source_url',
    'review'
  from jsonb_array_elements(changes) as e(value)
  join public.protocols p on p.name = e.value ->> 'name'
  on conflict do nothing;
  get diagnostics recorded_count = row_count;
  return jsonb_build_object('recorded', recorded_count);
end;
$$;

revoke all on function public.record_protocol_changes(jsonb) from public, anon, authenticated;
grant execute on function public.record_protocol_changes(jsonb) to service_role;
