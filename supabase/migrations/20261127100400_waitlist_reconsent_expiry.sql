-- Legacy rows that never answer (issue 30, item 8). 20261125010200_waitlist_reconsent.sql marks the
-- rows from before double opt-in (single_opt_in) and lets the resync ask each of them once for
-- consent; without an answer they stayed confirmed, and in the mailing provider's audience, for
-- good. The scheduled resync now asks them (lib/scheduled-resync.ts) and, 30 days after the consent
-- mail went out without an answer, calls this: the row leaves the list (unconfirmed, its link
-- expired) and the resync removes the address from the audience (pending action 'remove',
-- 20261127100200_waitlist_stop.sql). The row itself is kept, unconfirmed, so a
-- later signup of the address is a fresh double opt-in. Service role only, security invoker.

create function public.waitlist_expire_reconsent(p_after_days integer default 30)
returns integer
language sql
security invoker
set search_path = ''
as $$
  with expired as (
    update public.waitlist w
    set confirmed_at = null,
        single_opt_in = false,
        token_expires_at = case when w.token_expires_at is null then null else least(w.token_expires_at, now()) end
    where w.single_opt_in
      and w.confirmation_sent_at is not null
      and w.reconsent_requested_at <= now() - make_interval(days => greatest(1, coalesce(p_after_days, 30)))
    returning 1
  )
  select count(*)::integer from expired;
$$;

revoke execute on function public.waitlist_expire_reconsent(integer) from public, anon, authenticated;
grant execute on function public.waitlist_expire_reconsent(integer) to service_role;
