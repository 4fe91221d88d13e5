import type { LogFields, Logger } from "../supabase/functions/add-to-waitlist/lib/types.ts";

/** Handler events as short readable lines in the dev terminal (the Edge Function logs JSON). */
export function createConsoleLogger(prefix = "add-to-waitlist"): Logger {
  const line = (level: string, event: string, fields: LogFields = {}) => {
    const details = Object.entries(fields)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(" ");
    const text = `[${prefix}] ${level} ${event}${details ? ` ${details}` : ""}`;
    if (level === "error") console.error(text);
    else console.log(text);
  };
  return {
    info: (event, fields) => line("info", event, fields),
    warn: (event, fields) => line("warn", event, fields),
    error: (event, fields) => line("error", event, fields),
  };
}
