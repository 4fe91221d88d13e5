-- Waitlist signups. Only the add-to-waitlist Edge Function (service role) touches this table:
-- RLS is on with no policy, and anon/authenticated hold no privilege at all.
--
-- E-mails are stored normalised (trimmed, lower-case), so a plain UNIQUE (email) is the
-- case-insensitive uniqueness rule, and `on conflict (email)` works for idempotent inserts.
-- synced_at / last_error / attempts record the e-mail provider sync, so a provider outage
-- never loses a signup: the row is kept unsynced and a resync retries it.

create table public.waitlist (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  source text,
  created_at timestamptz not null default now(),
  synced_at timestamptz,
  last_error text,
  attempts integer not null default 0,

  constraint waitlist_email_unique unique (email),
  constraint waitlist_email_check
    check (
      email = lower(btrim(email))
      and char_length(email) <= 254
      and email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$'
    ),
  constraint waitlist_source_check
    check (source is null or source ~ '^[a-z][a-z0-9-]{0,31}$'),
  constraint waitlist_last_error_check
    check (last_error is null or char_length(last_error) <= 500),
  constraint waitlist_attempts_check
    check (attempts >= 0)
);

comment on table public.waitlist is
  'Early-access waitlist. Service role only; written by the add-to-waitlist Edge Function.';

-- The resync job scans only rows the provider has not acknowledged yet.
create index waitlist_unsynced_idx on public.waitlist (created_at) where synced_at is null;

revoke all on table public.waitlist from public, anon, authenticated;
grant all on table public.waitlist to service_role;

alter table public.waitlist enable row level security;
-- Deliberately no policy: with RLS on and no policy, nobody but a BYPASSRLS role reads or writes.

-- Every function below opens alike on purpose (security invoker, an empty search_path so each
-- name is schema-qualified): the safe declaration is written out per function, not shared.
-- Idempotent signup: inserts once, returns true only for a new address.
create function public.waitlist_add(p_email text, p_source text default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with inserted as (
    insert into public.waitlist (email, source)
    values (p_email, p_source)
    on conflict (email) do nothing
    returning 1
  )
  select exists (select 1 from inserted);
$$;

-- Records one provider sync attempt atomically: success stamps synced_at and clears the error,
-- failure keeps the row unsynced with the (truncated) error. attempts counts both.
create function public.waitlist_record_sync(p_email text, p_error text default null)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.waitlist
  set attempts = attempts + 1,
      synced_at = case when p_error is null then now() else null end,
      last_error = case when p_error is null then null else left(p_error, 500) end
  where email = p_email;
$$;

-- Rows still to be pushed to the provider (for the resync job): fewest attempts first, then
-- oldest, so rows that keep failing sink and can never starve newer signups out of a batch.
create function public.waitlist_pending_sync(p_limit integer default 100)
returns table (email text, source text, created_at timestamptz, attempts integer, last_error text)
language sql
stable
security invoker
set search_path = ''
as $$
  select w.email, w.source, w.created_at, w.attempts, w.last_error
  from public.waitlist w
  where w.synced_at is null
  order by w.attempts, w.created_at
  limit greatest(1, least(coalesce(p_limit, 100), 1000));
$$;

revoke execute on function public.waitlist_add(text, text) from public, anon, authenticated;
revoke execute on function public.waitlist_record_sync(text, text) from public, anon, authenticated;
revoke execute on function public.waitlist_pending_sync(integer) from public, anon, authenticated;
grant execute on function public.waitlist_add(text, text) to service_role;
grant execute on function public.waitlist_record_sync(text, text) to service_role;
grant execute on function public.waitlist_pending_sync(integer) to service_role;
