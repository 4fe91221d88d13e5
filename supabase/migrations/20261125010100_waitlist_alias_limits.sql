-- Alias-proof limits. The one-mail-a-day rule and the signup limit count per
-- mailbox, and the mailbox used to drop only a "+tag": Gmail ignores dots and answers at
-- googlemail.com too, so a 9-character Gmail local part had 256 spellings, each with its own
-- allowance, and one client could send one inbox 256 confirmation mails a day.
--   1. The mailbox is now the address with its "+tag" dropped and the known provider aliases
--      folded (lib/email.ts mailboxOf: Gmail's dots, googlemail.com); rows stored before get the
--      same rule below. Addresses are still stored as typed.
--   2. Confirmation mails to one recipient domain (the mailbox's domain) are capped per hour, for
--      the aliases no table lists (catch-all domains, other providers' schemes). A mail over the
--      cap is held (mail_waiting_since, 20261125010000_waitlist_held_mail.sql), not dropped; the
--      resync sends it when the domain's hour has room. The answer stays the same for everyone.
-- Everything stays service_role only, security invoker, with an empty search_path.

-- 1. The stored rows' mailboxes, by mailboxOf's rule: "+tag" off (not a leading "+"), then
--    gmail.com / googlemail.com without dots, at gmail.com.
update public.waitlist w
set mailbox = case
    when m.domain in ('gmail.com', 'googlemail.com') then replace(m.local, '.', '') || '@gmail.com'
    else m.local || '@' || m.domain
  end
from (
  select email,
         case when strpos(split_part(email, '@', 1), '+') > 1
              then left(split_part(email, '@', 1), strpos(split_part(email, '@', 1), '+') - 1)
              else split_part(email, '@', 1) end as local,
         split_part(email, '@', 2) as domain
  from public.waitlist
) m
where w.email = m.email;

-- 2. Signup: as 20261125010000_waitlist_held_mail.sql, plus the per-domain mail cap. A mail that
--    would go out now raises the 'mail-domain:<domain>' counter of this hour; over
--    p_domain_mail_limit the raise is undone and the mail is held instead. Only mails count: a
--    repeat, a confirmed address or a held mail uses none of the domain's hour.
drop function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer);
create function public.waitlist_signup(
  p_email text,
  p_mailbox text,
  p_source text,
  p_client text,
  p_token_hash text,
  p_ttl_seconds integer,
  p_client_limit integer,
  p_mailbox_limit integer,
  p_global_limit integer,
  p_domain_mail_limit integer default null
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

  -- A mail is due. It waits if the mailbox was mailed in the last day or holds an older mail,
  -- or if the recipient domain's mails this hour are at the cap.
  v_held := exists (
    select 1 from public.waitlist w
    where w.mailbox = p_mailbox
      and (w.confirmation_requested_at > now() - interval '1 day' or w.mail_waiting_since is not null)
  );
  if not v_held then
    v_held := not public.waitlist_take_domain_mail(p_mailbox, p_domain_mail_limit);
  end if;

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

-- Counts one confirmation mail to the mailbox's domain in this hour's 'mail-domain:<domain>'
-- counter: true if it fits under p_limit (a null limit always fits, and counts nothing), false,
-- with nothing counted, if the hour is full. The counter row's lock serialises concurrent callers.
create function public.waitlist_take_domain_mail(p_mailbox text, p_limit integer)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_hits integer;
begin
  if p_limit is null then
    return true;
  end if;
  insert into public.waitlist_rate_limit as r (bucket, window_start, hits)
  values ('mail-domain:' || split_part(p_mailbox, '@', 2), date_trunc('hour', now()), 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;
  if v_hits > p_limit then
    update public.waitlist_rate_limit r set hits = r.hits - 1
    where r.bucket = 'mail-domain:' || split_part(p_mailbox, '@', 2) and r.window_start = date_trunc('hour', now());
    return false;
  end if;
  return true;
end;
$$;

-- The resync's claim, as 20261125010000_waitlist_held_mail.sql, plus the domain cap for a held
-- mail: its turn has come only if its domain's hour has room (which the claim then uses). A
-- retried send that never went out was counted when it was first due, and is not counted again.
drop function public.waitlist_claim_mail(text, text, integer, integer);
create function public.waitlist_claim_mail(
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

  -- A held mail whose turn has come: the mailbox was not mailed in the last day, holds no older
  -- mail, and (checked second, so only a mail whose turn has come counts) the domain's hour has room.
  if not exists (
      select 1 from public.waitlist w
      where w.email = p_email
        and w.confirmed_at is null
        and w.mail_waiting_since is not null
        and not exists (
          select 1 from public.waitlist o
          where o.mailbox = w.mailbox
            and (o.confirmation_requested_at > now() - interval '1 day'
              or (o.mail_waiting_since, o.email) < (w.mail_waiting_since, w.email))
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

-- The resync's work, as 20261125010000_waitlist_held_mail.sql, leaving out held mails whose
-- domain has used up this hour (they would only fail to be claimed, and could fill the batch).
drop function public.waitlist_pending_sync(integer, integer);
create function public.waitlist_pending_sync(
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
         )
         and (p_domain_mail_limit is null or not exists (
           select 1 from public.waitlist_rate_limit r
           where r.bucket = 'mail-domain:' || split_part(w.mailbox, '@', 2)
             and r.window_start = date_trunc('hour', now())
             and r.hits >= p_domain_mail_limit
         )))
  order by w.attempts, w.created_at
  limit greatest(1, least(coalesce(p_limit, 100), 1000));
$$;

revoke execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_take_domain_mail(text, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_claim_mail(text, text, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.waitlist_pending_sync(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer, integer) to service_role;
grant execute on function public.waitlist_take_domain_mail(text, integer) to service_role;
grant execute on function public.waitlist_claim_mail(text, text, integer, integer, integer) to service_role;
grant execute on function public.waitlist_pending_sync(integer, integer, integer) to service_role;
