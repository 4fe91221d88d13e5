// Shared by every Edge Function (and the local API, which mounts add-to-waitlist's handler).
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/** One JSON line per event: what Supabase's log explorer and `grep` both read well. */
export function jsonLogLine(level: string, event: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ level, event, ...fields, at: new Date().toISOString() });
}

export function createJsonLogger(write: (line: string) => void = (line) => console.log(line)): Logger {
  const emit =
    (level: string) =>
    (event: string, fields: LogFields = {}) =>
      write(jsonLogLine(level, event, fields));
  return { info: emit("info"), warn: emit("warn"), error: emit("error") };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
