// Servers the bench starts: each in its own process group so stopping it also stops whatever
// it spawned (tsx -> node, vite), always stopped on exit, Ctrl-C or a crash, never orphaned.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

export type Server = { name: string; url: string; child: ChildProcess; output: () => string };

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function stop(server: Server | undefined): Promise<void> {
  if (!server) return;
  const { child } = server;
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
  // The group may outlive its leader by a moment; make sure nothing of it stays.
  killGroup(child, "SIGKILL");
}

/** Synchronous last resort for process exit paths where awaiting is impossible. */
export function killAllNow(): void {
  for (const child of running) killGroup(child, "SIGKILL");
  running.clear();
}

let hooksInstalled = false;
function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAllNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\nbench: ${signal}, stopping servers`);
      killAllNow();
      process.exit(130);
    });
  }
}

export async function assertPortFree(host: string, port: number): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
  if (inUse) throw new Error(`${host}:${port} is already in use; stop what listens there or set the bench port env vars.`);
}

type StartOptions = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Polled until it answers 2xx. */
  readyUrl: string;
  url: string;
  timeoutMs: number;
};

export async function start(options: StartOptions): Promise<Server> {
  installExitHooks();
  const child = spawn(options.command, options.args, {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let log = "";
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const server: Server = { name: options.name, url: options.url, child, output: () => log };

  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
    }
    try {
      const response = await fetch(options.readyUrl, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop(server);
  throw new Error(`${options.name} was not ready at ${options.readyUrl} within ${options.timeoutMs / 1000} s:\n${log}`);
}

/** Runs a command to completion (bounded), streaming its output; rejects on a non-zero exit. */
export function runCommand(command: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<string> {
  installExitHooks();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    let out = "";
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    const timer = setTimeout(() => {
      killGroup(child, "SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(" ")} failed (${code ?? signal}):\n${out.slice(-6000)}`));
    });
  });
}

/** Bounds a phase: rejects when it takes longer than `ms`. */
export async function withTimeout<T>(label: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
