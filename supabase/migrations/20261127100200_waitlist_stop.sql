-- The "This wasn't me: stop" link every confirmation mail carries (issue 30, item 2), and the
-- resync's part in it. waitlist_stop (the mail's own token, as for waitlist_confirm) stops every
-- mail to the mailbox, for good: it records the mailbox in waitlist_stopped_mailboxes
-- (20261127100100_waitlist_one_held_mail.sql), drops its held mail, expires every link it holds,
-- and takes any spelling on the list off it; those in the audience leave it through the caller or
-- the resync (pending action 'remove', recorded by waitlist_record_removal). The resync's claim and
-- batch never mail a stopped mailbox, and its links no longer confirm.
-- Everything stays service_role only, security invoker, with an empty search_path.

-- The resync's claim, as 20261125010100_waitlist_alias_limits.sql, and nothing for a stopped mailbox.
create or replace function public.waitlist_claim_mail(
  p_email text,
  p_token_hash text,
  p_ttl_seconds integer,
  p_lease_seconds integer default 600,
  p_domain_mail_limit integer default null
)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row record;
  v_claimed integer;
begin
  select w.mailbox into v_row from public.waitlist w where w.email = p_email;
  if not found then
    return false;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist-mailbox:' || v_row.mailbox, 0));
  if public.waitlist_mailbox_stopped(v_row.mailbox) then
    return false;
  end if;

  -- A due mail that did not go out, past its lease.
  update public.waitlist w
  set token_hash = p_token_hash,
      token_expires_at = now() + make_interval(secs => p_ttl_seconds),
      confirmation_requested_at = now()
  where w.email = p_email
    and w.confirmed_at is null
    and w.mail_waiting_since is null
    and w.confirmation_sent_at is null
    and w.confirmation_requested_at is not null
    and w.confirmation_requested_at <= now() - make_interval(secs => p_lease_seconds);
  get diagnostics v_claimed = row_count;
  if v_claimed > 0 then
    return true;
  end if;

  -- The mailbox's held mail whose turn has come: the mailbox was not mailed in the last day, and
  -- (checked second, so only a mail whose turn has come counts) the domain's hour has room.
  if not exists (
      select 1 from public.waitlist w
      where w.email = p_email
        and w.confirmed_at is null
        and w.mail_waiting_since is not null
        and not exists (
          select 1 from public.waitlist o
          where o.mailbox = w.mailbox and o.confirmation_requested_at > now() - interval '1 day'
        )) then
    return false;
  end if;
  if not public.waitlist_take_domain_mail(v_row.mailbox, p_domain_mail_limit) then
    return false;
  end if;
  update public.waitlist w
  set token_hash = p_token_hash,
      token_expires_at = now() + make_interval(secs => p_ttl_seconds),
      confirmation_requested_at = now(),
      confirmation_sent_at = null,
      mail_waiting_since = null
  where w.email = p_email;
  return true;
end;
$$;

-- The resync's work, as 20261125010100_waitlist_alias_limits.sql, plus 'remove': a row that left
-- the list (its mailbox stopped, or a legacy row that never answered) while its address is still
-- in the audience. No mail for a stopped mailbox.
create or replace function public.waitlist_pending_sync(
  p_limit integer default 100,
  p_lease_seconds integer default 600,
  p_domain_mail_limit integer default null
)
returns table (email text, source text, created_at timestamptz, attempts integer, last_error text, action text)
language sql
stable
security invoker
set search_path = ''
as $$
  select w.email, w.source, w.created_at, w.attempts, w.last_error,
         case when w.confirmed_at is not null then 'contact'
              when w.synced_at is not null then 'remove'
              else 'mail' end
  from public.waitlist w
  where (w.confirmed_at is not null and w.synced_at is null)
     or (w.confirmed_at is null and w.synced_at is not null)
     or (((w.confirmed_at is null and w.mail_waiting_since is null
           and w.confirmation_sent_at is null and w.confirmation_requested_at is not null
           and w.confirmation_requested_at <= now() - make_interval(secs => p_lease_seconds))
       or (w.confirmed_at is null and w.mail_waiting_since is not null
           and not exists (
             select 1 from public.waitlist o
             where o.mailbox = w.mailbox and o.confirmation_requested_at > now() - interval '1 day'
           )
           and (p_domain_mail_limit is null or not exists (
             select 1 from public.waitlist_rate_limit r
             where r.bucket = 'mail-domain:' || split_part(w.mailbox, '@', 2)
               and r.window_start = date_trunc('hour', now())
               and r.hits >= p_domain_mail_limit
           ))))
       and not public.waitlist_mailbox_stopped(w.mailbox))
  order by w.attempts, w.created_at
  limit greatest(1, least(coalesce(p_limit, 100), 1000));
$$;

-- Follows a confirmation link, as 20261125010200_waitlist_reconsent.sql; a stopped mailbox's
-- links are 'expired' (the stop already expired them; this holds even for a link issued after).
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
  elsif v_row.token_expires_at is null or v_row.token_expires_at <= now()
      or public.waitlist_mailbox_stopped(v_row.mailbox) then
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

-- Follows a mail's stop link (its token, as for waitlist_confirm): 'stopped', with the addresses
-- of the mailbox that are in the audience (the caller removes them; the resync retries), or
-- 'invalid'. Works on any link the mailbox holds, expired or used, and again after a stop.
create function public.waitlist_stop(p_token_hash text)
returns table (status text, remove text[])
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_mailbox text;
  v_remove text[];
begin
  select w.mailbox into v_mailbox from public.waitlist w where w.token_hash = p_token_hash;
  if not found then
    return query select 'invalid'::text, '{}'::text[];
    return;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist-mailbox:' || v_mailbox, 0));
  insert into public.waitlist_stopped_mailboxes (mailbox_sha256)
  values (public.waitlist_mailbox_sha256(v_mailbox))
  on conflict (mailbox_sha256) do nothing;
  with changed as (
    update public.waitlist w
    set mail_waiting_since = null,
        token_expires_at = case when w.token_expires_at is null then null else least(w.token_expires_at, now()) end,
        confirmed_at = null,
        single_opt_in = false
    where w.mailbox = v_mailbox
    returning w.email, w.synced_at
  )
  select coalesce(array_agg(c.email order by c.email) filter (where c.synced_at is not null), '{}')
  into v_remove
  from changed c;
  return query select 'stopped'::text, v_remove;
end;
$$;

-- Records one attempt to remove an address that left the list from the audience: error null =
-- removed (synced_at cleared), else the error, and the row stays for the resync.
create function public.waitlist_record_removal(p_email text, p_error text default null)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.waitlist
  set synced_at = case when p_error is null then null else synced_at end,
      attempts = case when p_error is null then 0 else attempts + 1 end,
      last_error = case when p_error is null then null else left(p_error, 500) end
  where email = p_email and confirmed_at is null;
$$;

revoke execute on function public.waitlist_claim_mail(text, text, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_pending_sync(integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_confirm(text) from public, anon, authenticated;
revoke execute on function public.waitlist_stop(text) from public, anon, authenticated;
revoke execute on function public.waitlist_record_removal(text, text) from public, anon, authenticated;
grant execute on function public.waitlist_claim_mail(text, text, integer, integer, integer) to service_role;
grant execute on function public.waitlist_pending_sync(integer, integer, integer) to service_role;
grant execute on function public.waitlist_confirm(text) to service_role;
grant execute on function public.waitlist_stop(text) to service_role;
grant execute on function public.waitlist_record_removal(text, text) to service_role;
