-- Shared mail providers leave the per-domain mail cap (issue 30, item 1). The cap
-- (20261125010100_waitlist_alias_limits.sql: 30 confirmation mails to one recipient domain an
-- hour) bounds the aliases of a catch-all domain. At a provider where every address is someone
-- else's account it bounded nothing an attacker cared about and held back everyone: 30 signups of
-- random gmail.com addresses (six minutes from one client) filled gmail.com's hour, and a real
-- Gmail user's confirmation was then held, again every hour the attacker repeated it.
--
-- The domains below are exempt: a mail to them counts against no domain-wide hour. Each mailbox
-- there keeps its own limits (5 signups an hour, one mail a day; Gmail's dots and googlemail.com
-- are folded into one mailbox, lib/email.ts), and bulk signups of made-up addresses are the bot
-- check's job (Turnstile, on in the deploy steps). Other domains keep the cap. To exempt another
-- provider, insert its domain here (a migration).
-- Everything stays service_role only, security invoker, with an empty search_path.

create table public.waitlist_shared_mail_domains (
  domain text primary key,
  constraint waitlist_shared_mail_domains_domain_check
    check (domain = lower(btrim(domain)) and domain ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$')
);

comment on table public.waitlist_shared_mail_domains is
  'Large shared mail providers: exempt from the per-domain confirmation-mail cap. Service role only.';

-- The largest consumer providers, where one domain serves millions of unrelated people. Regional
-- variants are listed where they are in wide use; googlemail.com is folded into gmail.com before
-- any limit sees it.
insert into public.waitlist_shared_mail_domains (domain) values
  ('gmail.com'),
  ('outlook.com'), ('hotmail.com'), ('live.com'), ('msn.com'),
  ('hotmail.co.uk'), ('hotmail.fr'), ('hotmail.de'), ('hotmail.it'), ('outlook.fr'), ('outlook.de'),
  ('yahoo.com'), ('ymail.com'), ('yahoo.co.uk'), ('yahoo.fr'), ('yahoo.de'), ('yahoo.co.jp'),
  ('icloud.com'), ('me.com'), ('mac.com'),
  ('aol.com'),
  ('proton.me'), ('protonmail.com'), ('pm.me'),
  ('gmx.com'), ('gmx.net'), ('gmx.de'), ('web.de'), ('mail.com'),
  ('yandex.com'), ('yandex.ru'), ('mail.ru'),
  ('zoho.com'), ('fastmail.com'),
  ('qq.com'), ('163.com'), ('126.com'),
  ('naver.com');

revoke all on table public.waitlist_shared_mail_domains from public, anon, authenticated;
grant all on table public.waitlist_shared_mail_domains to service_role;
alter table public.waitlist_shared_mail_domains enable row level security;
-- Deliberately no policy, as for public.waitlist.

-- As in 20261125010100_waitlist_alias_limits.sql, plus the exemption: a mailbox at a shared
-- provider always fits, and counts nothing. Signup and the resync's claim both call this, so a
-- held mail to a shared provider waits only for its mailbox's day, never for the domain's hour.
create or replace function public.waitlist_take_domain_mail(p_mailbox text, p_limit integer)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_domain text := split_part(p_mailbox, '@', 2);
  v_hits integer;
begin
  if p_limit is null
      or exists (select 1 from public.waitlist_shared_mail_domains d where d.domain = v_domain) then
    return true;
  end if;
  insert into public.waitlist_rate_limit as r (bucket, window_start, hits)
  values ('mail-domain:' || v_domain, date_trunc('hour', now()), 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;
  if v_hits > p_limit then
    update public.waitlist_rate_limit r set hits = r.hits - 1
    where r.bucket = 'mail-domain:' || v_domain and r.window_start = date_trunc('hour', now());
    return false;
  end if;
  return true;
end;
$$;

revoke execute on function public.waitlist_take_domain_mail(text, integer) from public, anon, authenticated;
grant execute on function public.waitlist_take_domain_mail(text, integer) to service_role;
