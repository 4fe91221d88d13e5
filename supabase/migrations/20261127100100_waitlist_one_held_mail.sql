-- One held mail per mailbox, and the stop list behind every confirmation mail's "This wasn't me:
-- stop" link (issue 30, item 2). Before this, a mailbox's held mails queued oldest first: 120
-- spellings of `victim+…@gmail.com` a day (5 an hour) were all accepted, the victim's own signup
-- waited behind them, and the inbox got the attacker's spellings at one a day for days.
--   1. At most one held row per mailbox (a unique index). A newer spelling replaces the held one,
--      except that the mailbox's own spelling (the address that is the mailbox, `ada@example.com`
--      for `ada+x@example.com`) is never replaced by another: at a domain that does not deliver
--      "+tag" addresses, the other spelling's mail might reach nobody, or someone else.
--   2. The stopped mailboxes (waitlist_stop, 20261127100200_waitlist_stop.sql, fills it): a later
--      signup of any spelling of one stores nothing and mails nothing. Only the mailbox's SHA-256
--      is kept.
-- Everything stays service_role only (RLS on, no policy, EXECUTE revoked from the API roles), and
-- every function is security invoker with an empty search_path.

create table public.waitlist_stopped_mailboxes (
  mailbox_sha256 text primary key,
  stopped_at timestamptz not null default now(),
  constraint waitlist_stopped_mailboxes_hash_check check (mailbox_sha256 ~ '^[0-9a-f]{64}$')
);

comment on table public.waitlist_stopped_mailboxes is
  'Mailboxes whose owner followed a mail''s stop link: never mailed again. Only a SHA-256. Service role only.';

revoke all on table public.waitlist_stopped_mailboxes from public, anon, authenticated;
grant all on table public.waitlist_stopped_mailboxes to service_role;
alter table public.waitlist_stopped_mailboxes enable row level security;
-- Deliberately no policy, as for public.waitlist.

create function public.waitlist_mailbox_sha256(p_mailbox text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_mailbox, 'UTF8')), 'hex');
$$;

create function public.waitlist_mailbox_stopped(p_mailbox text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from public.waitlist_stopped_mailboxes s
    where s.mailbox_sha256 = public.waitlist_mailbox_sha256(p_mailbox)
  );
$$;

-- Existing queues: keep one held row per mailbox (its own spelling if held, else the newest). A
-- replaced row that was never mailed holds nothing worth keeping; one that was keeps its history.
with ranked as (
  select w.email,
         row_number() over (
           partition by w.mailbox
           order by (w.email = w.mailbox) desc, w.mail_waiting_since desc, w.email
         ) as n
  from public.waitlist w
  where w.mail_waiting_since is not null
)
delete from public.waitlist w
using ranked r
where r.email = w.email and r.n > 1 and w.confirmation_requested_at is null and w.confirmed_at is null;

with ranked as (
  select w.email,
         row_number() over (
           partition by w.mailbox
           order by (w.email = w.mailbox) desc, w.mail_waiting_since desc, w.email
         ) as n
  from public.waitlist w
  where w.mail_waiting_since is not null
)
update public.waitlist w
set mail_waiting_since = null
from ranked r
where r.email = w.email and r.n > 1;

create unique index waitlist_one_held_per_mailbox_idx on public.waitlist (mailbox)
  where mail_waiting_since is not null;

-- Signup, as 20261125010100_waitlist_alias_limits.sql, with (a) a stopped mailbox: nothing is
-- stored or mailed, the same answer; (b) a held mail replaces the mailbox's held one (rule 1).
create or replace function public.waitlist_signup(
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

  -- The inbox's owner asked us to stop: nothing is stored and nothing is sent.
  if public.waitlist_mailbox_stopped(p_mailbox) then
    return query select 'none'::text, 0;
    return;
  end if;

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

  -- A mail is due. It waits if the mailbox was mailed in the last day or holds a mail, or if the
  -- recipient domain's mails this hour are at the cap.
  v_held := exists (
    select 1 from public.waitlist w
    where w.mailbox = p_mailbox
      and (w.confirmation_requested_at > now() - interval '1 day' or w.mail_waiting_since is not null)
  );
  if not v_held then
    v_held := not public.waitlist_take_domain_mail(p_mailbox, p_domain_mail_limit);
  end if;

  if v_held then
    -- One held mail per mailbox. The mailbox's own spelling keeps its place against any other:
    -- this spelling is then not held (a new one is not even stored).
    if p_email <> p_mailbox and exists (
        select 1 from public.waitlist w
        where w.mailbox = p_mailbox and w.email = p_mailbox and w.mail_waiting_since is not null) then
      return query select 'none'::text, 0;
      return;
    end if;
    -- Otherwise this spelling replaces the held one: a row that was never mailed goes, another
    -- keeps its history without the hold.
    delete from public.waitlist w
    where w.mailbox = p_mailbox and w.email <> p_email and w.mail_waiting_since is not null
      and w.confirmation_requested_at is null and w.confirmed_at is null;
    update public.waitlist w
    set mail_waiting_since = null
    where w.mailbox = p_mailbox and w.email <> p_email and w.mail_waiting_since is not null;
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

revoke execute on function public.waitlist_mailbox_sha256(text) from public, anon, authenticated;
revoke execute on function public.waitlist_mailbox_stopped(text) from public, anon, authenticated;
revoke execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.waitlist_mailbox_sha256(text) to service_role;
grant execute on function public.waitlist_mailbox_stopped(text) to service_role;
grant execute on function public.waitlist_signup(text, text, text, text, text, integer, integer, integer, integer, integer) to service_role;
