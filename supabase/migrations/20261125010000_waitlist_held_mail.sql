-- Held confirmation mails. Before this, a signup whose mailbox had been mailed in
-- the last day stored its row with no mail due at all: an attacker who signed up `victim+x@` once a
-- day left the victim's own signup without a mail, although the page said one was coming. Now such
-- a mail is held, not dropped: the row keeps it due (mail_waiting_since) and the resync sends it as
-- soon as the limits allow, oldest first per mailbox, still at most one mail per mailbox a day.
-- Everything stays service_role only (RLS on, no policy, EXECUTE revoked from the API roles), and
-- every function is security invoker with an empty search_path.

alter table public.waitlist
  -- A confirmation mail is due for this address but held by a limit since then; the resync sends
  -- it (and clears this) once the limits allow. Null: nothing held. Set from clock_timestamp(), so
  -- the queue's order holds even between signups in one transaction.
  add column mail_waiting_since timestamptz;

create index waitlist_waiting_idx on public.waitlist (mailbox, mail_waiting_since)
  where mail_waiting_since is not null;

-- One signup attempt, in one transaction (so a new and a repeat signup both pay one commit):
--   1. the limits, exactly as before (20251201000100_waitlist_hardening.sql): each bucket's counter
--      is raised; if any is over its limit the raises are undone and the answer is 'limited'.
--   2. insert-or-nothing. A confirmation mail is due for an address that is not confirmed, not
--      already holding a mail and not mailed in the last day. It goes out now (answer 'send', with
--      p_token_hash stored) unless its mailbox was mailed in the last day or already holds a mail,
--      oldest first; then it is held (mail_waiting_since) for the resync, and the answer is 'none'.
-- The mailbox's rows are serialised by an advisory lock, so two spellings of one mailbox signing
-- up at once cannot both be mailed.
create or replace function public.waitlist_signup(
  p_email text,
  p_mailbox text,
  p_source text,
  p_client text,
  p_token_hash text,
  p_ttl_seconds integer,
  p_client_limit integer,
  p_mailbox_limit integer,
  p_global_limit integer
)
returns table (outcome text, retry_after integer)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_minute timestamptz := date_trunc('minute', now());
  v_hour timestamptz := date_trunc('hour', now());
  v_retry integer := 0;
  v_bucket record;
  v_raised_buckets text[] := '{}';
  v_raised_windows timestamptz[] := '{}';
  v_row record;
  v_found boolean;
  v_held boolean;
  v_inserted integer;
begin
  delete from public.waitlist_rate_limit where window_start < now() - interval '2 hours';

  for v_bucket in
    insert into public.waitlist_rate_limit as r (bucket, window_start, hits)
    select b.bucket, b.window_start, 1
    from (values
      ('client:' || p_client, v_minute, p_client_limit),
      ('mailbox:' || p_mailbox, v_hour, p_mailbox_limit),
      ('global', v_minute, p_global_limit)
    ) as b (bucket, window_start, max_hits)
    where b.max_hits is not null
    on conflict (bucket, window_start) do update set hits = r.hits + 1
    returning r.bucket, r.window_start, r.hits
  loop
    v_raised_buckets := v_raised_buckets || v_bucket.bucket;
    v_raised_windows := v_raised_windows || v_bucket.window_start;
    if v_bucket.hits > (case
        when v_bucket.bucket = 'global' then p_global_limit
        when v_bucket.bucket like 'client:%' then p_client_limit
        else p_mailbox_limit end) then
      v_retry := greatest(v_retry, ceil(extract(epoch from (v_bucket.window_start
        + case when v_bucket.bucket like 'mailbox:%' then interval '1 hour' else interval '1 minute' end - now())))::integer);
    end if;
  end loop;

  if v_retry > 0 then
    -- A refused attempt uses up no quota: only what got through counts.
    update public.waitlist_rate_limit r set hits = r.hits - 1
    where (r.bucket, r.window_start) in (select * from unnest(v_raised_buckets, v_raised_windows));
    return query select 'limited'::text, greatest(1, v_retry);
    return;
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist-mailbox:' || p_mailbox, 0));

  select w.confirmed_at, w.confirmation_requested_at, w.mail_waiting_since into v_row
  from public.waitlist w
  where w.email = p_email
  for update;
  v_found := found;

  -- Confirmed, already holding a mail, or mailed in the last day: nothing new is due.
  if v_found and (v_row.confirmed_at is not null
      or v_row.mail_waiting_since is not null
      or v_row.confirmation_requested_at > now() - interval '1 day') then
    return query select 'none'::text, 0;
    return;
  end if;

  -- A mail is due. It waits if the mailbox was mailed in the last day or holds an older mail.
  v_held := exists (
    select 1 from public.waitlist w
    where w.mailbox = p_mailbox
      and (w.confirmation_requested_at > now() - interval '1 day' or w.mail_waiting_since is not null)
  );

  if not v_found then
    insert into public.waitlist (
      email, mailbox, source, token_hash, token_expires_at, confirmation_requested_at, mail_waiting_since
    )
    values (
      p_email,
      p_mailbox,
      p_source,
      case when v_held then null else p_token_hash end,
      case when v_held then null else now() + make_interval(secs => p_ttl_seconds) end,
      case when v_held then null else now() end,
      case when v_held then clock_timestamp() else null end
    )
    on conflict (email) do nothing;
    get diagnostics v_inserted = row_count;
    return query select (case when v_inserted > 0 and not v_held then 'send' else 'none' end)::text, 0;
    return;
  end if;

  if v_held then
    update public.waitlist w set mail_waiting_since = clock_timestamp() where w.email = p_email;
    return query select 'none'::text, 0;
    return;
  end if;

  update public.waitlist w
  set token_hash = p_token_hash,
      token_expires_at = now() + make_interval(secs => p_ttl_seconds),
      confirmation_requested_at = now(),
      confirmation_sent_at = null
  where w.email = p_email;
  return query select 'send'::text, 0;
end;
$$;

-- The resync takes over (a) a due mail that did not go out, past its lease, with a fresh token (the
-- old one was never delivered, and only its hash is known), or (b) a held mail whose turn has come:
-- its mailbox was not mailed in the last day and holds no older mail. Only one caller gets true:
-- the lease and the mailbox lock stop two runs, or a run and a signup, from mailing twice.
create or replace function public.waitlist_claim_mail(p_email text, p_token_hash text, p_ttl_seconds integer, p_lease_seconds integer default 600)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_mailbox text;
  v_claimed integer;
begin
  select w.mailbox into v_mailbox from public.waitlist w where w.email = p_email;
  if not found then
    return false;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist-mailbox:' || v_mailbox, 0));

  update public.waitlist w
  set token_hash = p_token_hash,
      token_expires_at = now() + make_interval(secs => p_ttl_seconds),
      confirmation_requested_at = now(),
      confirmation_sent_at = null,
      mail_waiting_since = null
  where w.email = p_email
    and w.confirmed_at is null
    and (
      (w.mail_waiting_since is null
        and w.confirmation_sent_at is null
        and w.confirmation_requested_at is not null
        and w.confirmation_requested_at <= now() - make_interval(secs => p_lease_seconds))
      or (w.mail_waiting_since is not null
        and not exists (
          select 1 from public.waitlist o
          where o.mailbox = w.mailbox
            and (o.confirmation_requested_at > now() - interval '1 day'
              or (o.mail_waiting_since, o.email) < (w.mail_waiting_since, w.email))
        ))
    );
  get diagnostics v_claimed = row_count;
  return v_claimed > 0;
end;
$$;

-- Follows a confirmation link: 'confirmed' (now; the caller adds the contact), 'already',
-- 'expired' or 'invalid'. email is returned only for 'confirmed'. A confirmed mailbox is on the
-- list: the mails its other spellings still hold are dropped, so a queue of held mails stops once
-- the inbox's owner has answered one.
create or replace function public.waitlist_confirm(p_token_hash text)
returns table (status text, email text)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row record;
begin
  select w.email, w.mailbox, w.confirmed_at, w.token_expires_at into v_row
  from public.waitlist w
  where w.token_hash = p_token_hash
  for update;
  if not found then
    return query select 'invalid'::text, null::text;
  elsif v_row.confirmed_at is not null then
    return query select 'already'::text, null::text;
  elsif v_row.token_expires_at is null or v_row.token_expires_at <= now() then
    return query select 'expired'::text, null::text;
  else
    update public.waitlist w
    set confirmed_at = now(), attempts = 0, last_error = null, mail_waiting_since = null
    where w.email = v_row.email;
    update public.waitlist w
    set mail_waiting_since = null
    where w.mailbox = v_row.mailbox and w.mail_waiting_since is not null;
    return query select 'confirmed'::text, v_row.email;
  end if;
end;
$$;

-- Rows the resync works on: 'contact' (confirmed, not in the audience yet) and 'mail' (a due
-- confirmation mail that did not go out, past its lease, or a held mail whose turn has come).
-- Fewest attempts first, then oldest.
create or replace function public.waitlist_pending_sync(p_limit integer default 100, p_lease_seconds integer default 600)
returns table (email text, source text, created_at timestamptz, attempts integer, last_error text, action text)
language sql
stable
security invoker
set search_path = ''
as $$
  select w.email, w.source, w.created_at, w.attempts, w.last_error,
         case when w.confirmed_at is not null then 'contact' else 'mail' end
  from public.waitlist w
  where (w.confirmed_at is not null and w.synced_at is null)
     or (w.confirmed_at is null and w.mail_waiting_since is null
         and w.confirmation_sent_at is null and w.confirmation_requested_at is not null
         and w.confirmation_requested_at <= now() - make_interval(secs => p_lease_seconds))
     or (w.confirmed_at is null and w.mail_waiting_since is not null
         and not exists (
           select 1 from public.waitlist o
           where o.mailbox = w.mailbox
             and (o.confirmation_requested_at > now() - interval '1 day'
               or (o.mail_waiting_since, o.email) < (w.mail_waiting_since, w.email))
         ))
  order by w.attempts, w.created_at
  limit greatest(1, least(coalesce(p_limit, 100), 1000));
$$;

-- create or replace keeps each function's grants; stated again so this file reads whole.
revoke execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_claim_mail(text, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_confirm(text) from public, anon, authenticated;
revoke execute on function public.waitlist_pending_sync(integer, integer) from public, anon, authenticated;
grant execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer) to service_role;
grant execute on function public.waitlist_claim_mail(text, text, integer, integer) to service_role;
grant execute on function public.waitlist_confirm(text) to service_role;
grant execute on function public.waitlist_pending_sync(integer, integer) to service_role;
