-- The public directory of tokenized real-world-asset protocols.
-- The database is the source of truth: every rule the UI relies on is a constraint here,
-- so a bad row is rejected at write time instead of rendering as a broken card.

create table public.protocols (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null,
  asset_classes text[] not null,
  blockchains text[] not null,
  tvl text not null,
  yield_range text not null,
  risk_level text not null,
  min_investment text not null,
  url text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint protocols_name_unique unique (name),
  constraint protocols_name_check
    check (name = btrim(name) and char_length(name) between 1 and 120),
  constraint protocols_description_check
    check (btrim(description) <> '' and char_length(description) <= 1000),
  -- One-dimensional, non-empty, every element from the spec's list (NULL elements fail <@).
  constraint protocols_asset_classes_check
    check (
      cardinality(asset_classes) >= 1
      and array_ndims(asset_classes) = 1
      and asset_classes <@ array[
        'US Treasuries', 'Private Credit', 'Real Estate',
        'Commodities', 'Carbon Credits', 'Equities'
      ]::text[]
    ),
  constraint protocols_blockchains_check
    check (
      cardinality(blockchains) >= 1
      and array_ndims(blockchains) = 1
      and blockchains <@ array[
        'Ethereum', 'Solana', 'Polygon', 'Base', 'Algorand', 'Stellar',
        'Optimism', 'Tron', 'Gnosis Chain', 'Polymesh', 'Celo'
      ]::text[]
    ),
  -- Display text the UI parses for Total TVL: '$2.8B', '$350M', or 'N/A' when unknown.
  constraint protocols_tvl_check
    check (tvl ~ '^\$[0-9]+(\.[0-9]+)?[MB]$' or tvl = 'N/A'),
  constraint protocols_yield_range_check
    check (btrim(yield_range) <> '' and char_length(yield_range) <= 60),
  constraint protocols_risk_level_check
    check (risk_level in ('Low', 'Medium', 'High', 'Very High')),
  constraint protocols_min_investment_check
    check (btrim(min_investment) <> '' and char_length(min_investment) <= 80),
  -- Only http(s) URLs: the card renders this as a link opening in a new tab.
  constraint protocols_url_check
    check (url ~ '^https?://[^\s]+$' and char_length(url) <= 2048)
);

comment on table public.protocols is
  'Tokenized real-world-asset protocols shown in the public directory. Public read, no public write.';

-- Keeps updated_at honest whoever writes the row (seed, data push, dashboard).
create function public.protocols_set_updated_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function public.protocols_set_updated_at() from public, anon, authenticated;

create trigger protocols_set_updated_at
  before update on public.protocols
  for each row execute function public.protocols_set_updated_at();

-- Supabase grants ALL on new public tables to anon and authenticated by default
-- privileges; take that back and give read access only.
revoke all on table public.protocols from anon, authenticated;
grant select on table public.protocols to anon, authenticated;
grant all on table public.protocols to service_role;

alter table public.protocols enable row level security;

create policy "Protocols are readable by everyone"
  on public.protocols
  for select
  to anon, authenticated
  using (true);
