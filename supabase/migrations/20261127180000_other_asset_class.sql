-- The reviewed class 'Other' (issues 28/29): some reviewed protocols hold assets outside the spec's
-- six classes (reinsurance, a venture fund's profit share, a crypto fund, crypto strategies beside
-- T-bills). 'Other' says so after a review, alone or beside the six; it is never on a tracked row
-- (not reviewed yet: 'Unclassified' or data/asset-classes.csv's classes) and never next to
-- 'Unclassified', which still stands alone on a tracked row. The app does not count it as a class
-- and offers it after the six only when some row has it (src/config/domain.ts, OTHER).
--
-- Every row valid before stays valid: the check only widens.

alter table public.protocols drop constraint protocols_asset_classes_check;

alter table public.protocols
  add constraint protocols_asset_classes_check
    check (
      cardinality(asset_classes) >= 1
      and array_ndims(asset_classes) = 1
      and asset_classes <@ array[
        'US Treasuries', 'Private Credit', 'Real Estate',
        'Commodities', 'Carbon Credits', 'Equities', 'Other', 'Unclassified'
      ]::text[]
      and (
        'Unclassified' <> all (asset_classes)
        or (review_status = 'tracked' and cardinality(asset_classes) = 1)
      )
      and ('Other' <> all (asset_classes) or review_status = 'reviewed')
    );
