import { CSV_BOM } from "@/lib/csv";
import { downloadTextFile, localDateStamp } from "@/lib/download";
import { csvFileName, protocolsToCsv } from "./protocol-csv";
import type { Protocol } from "../model/types";

/** Saves the list as `rwa-atlas-{kind}-YYYY-MM-DD.csv` (UTF-8 with BOM so Excel reads '€' and '•'). */
export function saveProtocolsCsv(protocols: readonly Protocol[], kind: "protocols" | "comparison"): void {
  downloadTextFile(csvFileName(kind, localDateStamp()), CSV_BOM + protocolsToCsv(protocols));
}
