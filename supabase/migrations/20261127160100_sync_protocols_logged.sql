-- data:push's curated edits in the change log (issue 32): a reviewed term (minimum investment,
-- investor access, redemption, fees) that the push changes is recorded, with its source, in the
-- same transaction as the rows themselves. sync_protocols, then record_protocol_changes: either
-- both are written or neither (an entry naming a protocol the rows do not have aborts the call).
--   rows:    as public.sync_protocols takes them
--   changes: as public.record_protocol_changes takes them (by the protocol's name after the sync)
-- Returns sync_protocols' counts plus { "recorded": N }.
create function public.sync_protocols_logged(rows jsonb, changes jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  counts jsonb;
  logged jsonb;
begin
  counts := public.sync_protocols(rows);
  logged := public.record_protocol_changes(changes);
  return counts || logged;
end;
$$;

revoke all on function public.sync_protocols_logged(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.sync_protocols_logged(jsonb, jsonb) to service_role;
