-- A reviewed protocol may be 'Not rated' (a null risk level), like a tracked one: rule 1.1 drops
-- every finding whose only source is on the never list, and a protocol left with fewer than five
-- evidenced factors is 'Not rated' (docs/methodology.md; docs/decisions/015-reviewed-rows-may-be-not-rated.md).
-- Showing the old level without the evidence behind it would be a guess.
alter table public.protocols drop constraint protocols_risk_level_rated_check;

comment on column public.protocols.risk_level is
  'Low, Medium, High or Very High as the rating rule computes it from the evidenced factors; null is ''Not rated'' (fewer than five).';
