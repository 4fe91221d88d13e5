// The values the database constraints allow: the app's own lists, so there is one source.
export {
  ASSET_CLASSES,
  BLOCKCHAINS,
  FEES_MAX_LENGTH,
  INVESTOR_ACCESS,
  KYC_VALUES,
  REDEMPTION_DAYS_MAX,
  REDEMPTION_VALUES,
  RISK_LEVELS,
} from "../../src/config/domain.ts";
