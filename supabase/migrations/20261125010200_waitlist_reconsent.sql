-- Legacy single-opt-in rows. 20251201000100_waitlist_hardening.sql counted the
-- rows the provider had synced before double opt-in as confirmed (confirmed_at = synced_at): they
-- joined the audience without ever following a link. This marks them, and lets the resync ask each
-- of them once for consent (`npm run waitlist:resync -- --reconsent`, a dry run unless --send):
-- a confirmation mail with a fresh single-use link; following it records the consent. They stay on
-- the list meanwhile (nothing changes for them until they answer or the operator removes them).
-- Everything stays service_role only, security invoker, with an empty search_path.

alter table public.waitlist
  -- Confirmed by the hardening migration, not by a link: on the list under the old single opt-in.
  add column single_opt_in boolean not null default false,
  -- When the resync last asked this legacy row for consent (its mail is confirmation_sent_at).
  add column reconsent_requested_at timestamptz;

-- A row that never held a link but is confirmed can only come from the hardening migration:
-- every later confirmation goes through waitlist_confirm, which finds the row by its token_hash
-- and keeps it.
update public.waitlist set single_opt_in = true where confirmed_at is not null and token_hash is null;

create index waitlist_single_opt_in_idx on public.waitlist (created_at) where single_opt_in;

-- The legacy rows still to ask: never asked, or asked but the mail did not go out (past its lease).
create function public.waitlist_reconsent_due(p_limit integer default 100, p_lease_seconds integer default 600)
returns table (email text, created_at timestamptz, confirmed_at timestamptz, reconsent_requested_at timestamptz, attempts integer, last_error text)
language sql
stable
security invoker
set search_path = ''
as $$
  select w.email, w.created_at, w.confirmed_at, w.reconsent_requested_at, w.attempts, w.last_error
  from public.waitlist w
  where w.single_opt_in
    and (w.reconsent_requested_at is null
      or (w.confirmation_sent_at is null
        and w.reconsent_requested_at <= now() - make_interval(secs => p_lease_seconds)))
  order by w.attempts, w.created_at
  limit greatest(1, least(coalesce(p_limit, 100), 1000));
$$;

-- Takes one legacy row for its consent mail, with a fresh token (only its hash is stored); false
-- if it is not due (answered, already asked, or another run has it).
create function public.waitlist_claim_reconsent(p_email text, p_token_hash text, p_ttl_seconds integer, p_lease_seconds integer default 600)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with claimed as (
    update public.waitlist w
    set token_hash = p_token_hash,
        token_expires_at = now() + make_interval(secs => p_ttl_seconds),
        confirmation_requested_at = now(),
        confirmation_sent_at = null,
        reconsent_requested_at = now()
    where w.email = p_email
      and w.single_opt_in
      and (w.reconsent_requested_at is null
        or (w.confirmation_sent_at is null
          and w.reconsent_requested_at <= now() - make_interval(secs => p_lease_seconds)))
    returning 1
  )
  select exists (select 1 from claimed);
$$;

-- Follows a confirmation link, as 20261125010000_waitlist_held_mail.sql, and a legacy row's consent
-- link confirms it properly: 'confirmed' (the caller re-adds the contact, an upsert) and the row is
-- no longer single opt-in. A legacy row is 'already' confirmed only for a link it never had.
create or replace function public.waitlist_confirm(p_token_hash text)
returns table (status text, email text)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row record;
begin
  select w.email, w.mailbox, w.confirmed_at, w.single_opt_in, w.token_expires_at into v_row
  from public.waitlist w
  where w.token_hash = p_token_hash
  for update;
  if not found then
    return query select 'invalid'::text, null::text;
  elsif v_row.confirmed_at is not null and not v_row.single_opt_in then
    return query select 'already'::text, null::text;
  elsif v_row.token_expires_at is null or v_row.token_expires_at <= now() then
    return query select 'expired'::text, null::text;
  else
    update public.waitlist w
    set confirmed_at = now(), single_opt_in = false, attempts = 0, last_error = null, mail_waiting_since = null
    where w.email = v_row.email;
    update public.waitlist w
    set mail_waiting_since = null
    where w.mailbox = v_row.mailbox and w.mail_waiting_since is not null;
    return query select 'confirmed'::text, v_row.email;
  end if;
end;
$$;

revoke execute on function public.waitlist_reconsent_due(integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_claim_reconsent(text, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_confirm(text) from public, anon, authenticated;
grant execute on function public.waitlist_reconsent_due(integer, integer) to service_role;
grant execute on function public.waitlist_claim_reconsent(text, text, integer, integer) to service_role;
grant execute on function public.waitlist_confirm(text) to service_role;
