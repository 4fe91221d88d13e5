-- Waitlist hardening: double opt-in and a durable rate limit shared by every Edge
-- isolate. Like the waitlist migration, everything here is reachable by service_role only:
-- RLS on with no policy, no table privilege and no EXECUTE for anon/authenticated.
--
-- Double opt-in: a signup is stored, one confirmation mail carries a single-use link that expires,
-- and the address joins the e-mail provider's audience only once the link is followed. Only the
-- SHA-256 of the link's token is stored (token_hash), never the token.
--
-- mailbox is the address with any "+tag" removed from its local part: plus-address variants of one
-- mailbox count as one for the limits (signups per hour, one mail per day) but are stored as typed.

alter table public.waitlist
  add column mailbox text,
  add column confirmed_at timestamptz,
  add column token_hash text,
  add column token_expires_at timestamptz,
  -- When the current token was issued, i.e. when its mail was due: the one-mail-a-day rule and
  -- the resync's lease both read it. confirmation_sent_at: the provider accepted that mail.
  add column confirmation_requested_at timestamptz,
  add column confirmation_sent_at timestamptz;

-- Rows from before double opt-in. Synced ones were added to the audience and mailed under the old
-- flow: they count as confirmed (the privacy page told them so). Unsynced ones never got a mail:
-- their confirmation is due now, so the resync sends one.
update public.waitlist
set mailbox = regexp_replace(split_part(email, '@', 1), '\+.*$', '') || '@' || split_part(email, '@', 2),
    confirmed_at = synced_at,
    confirmation_requested_at = case when synced_at is null then created_at else synced_at end,
    confirmation_sent_at = synced_at;

alter table public.waitlist
  alter column mailbox set not null,
  add constraint waitlist_mailbox_check check (mailbox = lower(btrim(mailbox)) and char_length(mailbox) <= 254),
  add constraint waitlist_token_hash_check check (token_hash is null or token_hash ~ '^[0-9a-f]{64}$');

create unique index waitlist_token_hash_idx on public.waitlist (token_hash) where token_hash is not null;
create index waitlist_mailbox_idx on public.waitlist (mailbox);

-- The resync's work: confirmed rows whose contact is not in the audience yet, and unconfirmed rows
-- whose due mail has not gone out.
drop index public.waitlist_unsynced_idx;
create index waitlist_confirmed_unsynced_idx on public.waitlist (created_at) where confirmed_at is not null and synced_at is null;
create index waitlist_unsent_idx on public.waitlist (created_at)
  where confirmed_at is null and confirmation_sent_at is null and confirmation_requested_at is not null;

-- Fixed-window counters: per client address (IPv4 /32, IPv6 /64; the caller passes that key), per
-- mailbox and one global bucket. Old windows are swept as signups arrive.
create table public.waitlist_rate_limit (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start),
  constraint waitlist_rate_limit_bucket_check check (char_length(bucket) <= 300),
  constraint waitlist_rate_limit_hits_check check (hits >= 0)
);
create index waitlist_rate_limit_window_idx on public.waitlist_rate_limit (window_start);

comment on table public.waitlist_rate_limit is
  'Signup rate-limit counters shared by every Edge isolate. Service role only.';

revoke all on table public.waitlist_rate_limit from public, anon, authenticated;
grant all on table public.waitlist_rate_limit to service_role;
alter table public.waitlist_rate_limit enable row level security;
-- Deliberately no policy, as for public.waitlist.

-- The old single opt-in signup is replaced by waitlist_signup; nothing may call it any more.
drop function public.waitlist_add(text, text);

-- One signup attempt, in one transaction (so a new and a repeat signup both pay one commit):
--   1. the limits: each bucket's counter is raised; if any is over its limit the raises are undone
--      and the answer is 'limited' with the seconds until the fullest window ends. Row locks on
--      the counters make concurrent signups count exactly. A null limit is off.
--   2. insert-or-nothing. A confirmation mail is due (answer 'send', with p_token_hash stored and
--      expiring after p_ttl_seconds) for an unconfirmed address when no address of its mailbox
--      had one due in the last day; otherwise the answer is 'none'.
-- Windows: client and global per minute, mailbox per hour.
create function public.waitlist_signup(
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
  v_row_exists boolean;
  v_recent boolean;
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

  v_recent := exists (
    select 1 from public.waitlist w
    where w.mailbox = p_mailbox and w.confirmation_requested_at > now() - interval '1 day'
  );

  insert into public.waitlist (email, mailbox, source, token_hash, token_expires_at, confirmation_requested_at)
  values (
    p_email,
    p_mailbox,
    p_source,
    case when v_recent then null else p_token_hash end,
    case when v_recent then null else now() + make_interval(secs => p_ttl_seconds) end,
    case when v_recent then null else now() end
  )
  on conflict (email) do nothing;
  get diagnostics v_row_exists = row_count;

  if v_row_exists then
    return query select (case when v_recent then 'none' else 'send' end)::text, 0;
    return;
  end if;

  if v_recent then
    return query select 'none'::text, 0;
    return;
  end if;

  update public.waitlist w
  set token_hash = p_token_hash,
      token_expires_at = now() + make_interval(secs => p_ttl_seconds),
      confirmation_requested_at = now(),
      confirmation_sent_at = null
  where w.email = p_email and w.confirmed_at is null;
  get diagnostics v_row_exists = row_count;
  return query select (case when v_row_exists then 'send' else 'none' end)::text, 0;
end;
$$;

-- Records one attempt to send the confirmation mail for the token it carried (a mail for an older
-- token records nothing). Failure keeps the mail due for the resync; attempts counts failures.
-- Shaped like waitlist_record_sync (20251001000100_waitlist.sql) on purpose: it records a
-- different attempt (the mail, matched by token) in the same columns, with its own rules.
create function public.waitlist_record_mail(p_email text, p_token_hash text, p_error text default null)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.waitlist
  set confirmation_sent_at = case when p_error is null then now() else null end,
      attempts = case when p_error is null then attempts else attempts + 1 end,
      last_error = case when p_error is null then null else left(p_error, 500) end
  where email = p_email and token_hash = p_token_hash;
$$;

-- The resync takes over a due mail that did not go out, with a fresh token (the old one was never
-- delivered, and only its hash is known). The lease stops two runs, or a run and the signup's own
-- deferred send, from mailing the same address twice: only one of them gets true.
create function public.waitlist_claim_mail(p_email text, p_token_hash text, p_ttl_seconds integer, p_lease_seconds integer default 600)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with claimed as (
    update public.waitlist
    set token_hash = p_token_hash,
        token_expires_at = now() + make_interval(secs => p_ttl_seconds),
        confirmation_requested_at = now()
    where email = p_email
      and confirmed_at is null
      and confirmation_sent_at is null
      and confirmation_requested_at is not null
      and confirmation_requested_at <= now() - make_interval(secs => p_lease_seconds)
    returning 1
  )
  select exists (select 1 from claimed);
$$;

-- Follows a confirmation link: 'confirmed' (now; the caller adds the contact), 'already',
-- 'expired' or 'invalid'. email is returned only for 'confirmed'.
create function public.waitlist_confirm(p_token_hash text)
returns table (status text, email text)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row record;
begin
  select w.email, w.confirmed_at, w.token_expires_at into v_row
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
    set confirmed_at = now(), attempts = 0, last_error = null
    where w.email = v_row.email;
    return query select 'confirmed'::text, v_row.email;
  end if;
end;
$$;

-- Rows the resync works on: 'contact' (confirmed, not in the audience yet) and 'mail' (a due
-- confirmation mail that did not go out, past its lease). Fewest attempts first, then oldest.
drop function public.waitlist_pending_sync(integer);
create function public.waitlist_pending_sync(p_limit integer default 100, p_lease_seconds integer default 600)
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
     or (w.confirmed_at is null and w.confirmation_sent_at is null and w.confirmation_requested_at is not null
         and w.confirmation_requested_at <= now() - make_interval(secs => p_lease_seconds))
  order by w.attempts, w.created_at
  limit greatest(1, least(coalesce(p_limit, 100), 1000));
$$;

revoke execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_record_mail(text, text, text) from public, anon, authenticated;
revoke execute on function public.waitlist_claim_mail(text, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_confirm(text) from public, anon, authenticated;
revoke execute on function public.waitlist_pending_sync(integer, integer) from public, anon, authenticated;
grant execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer) to service_role;
grant execute on function public.waitlist_record_mail(text, text, text) to service_role;
grant execute on function public.waitlist_claim_mail(text, text, integer, integer) to service_role;
grant execute on function public.waitlist_confirm(text) to service_role;
grant execute on function public.waitlist_pending_sync(integer, integer) to service_role;
