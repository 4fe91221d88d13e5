import { readFileSync } from "node:fs";
import os from "node:os";

export type Machine = {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  chromium: string;
  date: string;
  /** 1-minute load average when the run started: other work on the box skews browser timings. */
  loadAtStart: number;
};

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    if (line) return line.split(":").slice(1).join(":").trim();
  } catch {
    // Not Linux: fall through.
  }
  return os.cpus()[0]?.model ?? "unknown";
}

export function describeMachine(chromium: string): Machine {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    chromium,
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadAtStart: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}
