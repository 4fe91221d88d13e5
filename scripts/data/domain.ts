// The values the database constraints allow: the app's own lists, so there is one source.
export { ASSET_CLASSES, BLOCKCHAINS, RISK_LEVELS } from "../../src/config/domain.ts";
