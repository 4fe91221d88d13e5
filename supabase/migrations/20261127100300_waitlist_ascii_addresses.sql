-- Look-alike addresses (issue 30, item 4): `ada@ｇmail.com` (a full-width g) and `ada@gmail.com`
-- followed by a zero-width space were accepted as two more mailboxes beside `ada@gmail.com`. The
-- function now refuses any address with a character outside printable ASCII (lib/email.ts
-- normalizeEmail, and the form before it), and the table refuses one as a second wall.
-- NOT VALID: the rule holds for every row written from now on; rows stored before are left as
-- they are (a migration must not fail on one old row), and the operator can run
-- `alter table public.waitlist validate constraint waitlist_email_ascii_check` to check them.

alter table public.waitlist
  add constraint waitlist_email_ascii_check check (email ~ '^[!-~]+$') not valid;
