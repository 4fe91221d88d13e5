/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DATA_AS_OF?: string;
  readonly VITE_LAUNCH_TARGET?: string;
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  /** Cloudflare Turnstile's public site key: set, the signup form shows the bot check. */
  readonly VITE_TURNSTILE_SITE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Whether VITE_LAUNCH_TARGET had passed when this bundle was built (vite.config.ts `define`). */
declare const __LAUNCH_PAST_AT_BUILD__: boolean;
