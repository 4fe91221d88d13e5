import { describe, expect, it, vi } from "vitest";
import { forgetFailedDownloads, onDemand } from "./on-demand";

describe("onDemand", () => {
  it("downloads once for every caller, then hands the value out synchronously", async () => {
    const importer = vi.fn(() => Promise.resolve("menu"));
    const code = onDemand(importer);
    expect(code.current()).toBeNull();
    expect(importer).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    code.prefetch();
    expect([first, second, await code.load()]).toEqual(["menu", "menu", "menu"]);
    expect(code.current()).toBe("menu");
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed download, so the next intent tries again", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module");
    const importer = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce("select");
    const code = onDemand<string>(importer);
    await expect(code.load()).rejects.toBe(failure);
    expect(code.current()).toBeNull();
    await expect(code.load()).resolves.toBe("select");
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("lets a prefetch fail quietly and the next load retry", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("dialog");
    const code = onDemand<string>(importer);
    code.prefetch();
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await expect(code.load()).resolves.toBe("dialog");
  });

  it("tells subscribers when the value has arrived, and no longer once they unsubscribe", async () => {
    const code = onDemand(() => Promise.resolve(42));
    const seen: (number | null)[] = [];
    const gone = vi.fn();
    code.subscribe(() => seen.push(code.current()));
    code.subscribe(gone)();
    await code.load();
    expect(seen).toEqual([42]);
    expect(gone).not.toHaveBeenCalled();
  });
});

describe("a retry after a failed download", () => {
  const failure = () => new TypeError("Failed to fetch dynamically imported module");
  // A module whose address the build gave the importer; it exports the URL it was imported under.
  // (A data: URL, so the test imports a real module: what follows `//` is a comment, `?retry=` too.)
  const chunkUrl = "data:text/javascript,export const url = import.meta.url;//";

  it("imports the importer's chunk under a fresh URL each time, never the failed one", async () => {
    const importer = Object.assign(vi.fn().mockRejectedValue(failure()), { chunkUrl });
    const code = onDemand(importer, (m: { url: string }) => m.url);
    await expect(code.load()).rejects.toThrow(/dynamically imported module/);
    expect(await code.load()).toBe(`${chunkUrl}?retry=1`);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(code.current()).toBe(`${chunkUrl}?retry=1`);
  });

  it("counts up: a retry that fails too is followed by ?retry=2", async () => {
    const failing = `data:text/javascript,throw new Error("still down");//`;
    const importer = Object.assign(vi.fn().mockRejectedValue(failure()), { chunkUrl: failing });
    const code = onDemand(importer);
    await expect(code.load()).rejects.toThrow(/dynamically imported module/);
    await expect(code.load()).rejects.toThrow("still down");
    importer.chunkUrl = chunkUrl;
    await expect(code.load()).resolves.toMatchObject({ url: `${chunkUrl}?retry=2` });
  });

  it("lets a render read the same failure again, without a new download, until an intent", async () => {
    const importer = Object.assign(vi.fn().mockRejectedValue(failure()), { chunkUrl });
    const code = onDemand(importer, (m: { url: string }) => m.url);
    const failed = code.read();
    await expect(failed).rejects.toThrow();
    expect(code.read()).toBe(failed);
    code.prefetch();
    await expect(code.read()).resolves.toBe(`${chunkUrl}?retry=1`);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("calls the importer again when the build gave it no URL (the dev server, tests)", async () => {
    const importer = vi.fn().mockRejectedValueOnce(failure()).mockResolvedValueOnce("chart");
    const code = onDemand<string>(importer);
    await expect(code.load()).rejects.toThrow();
    await expect(code.load()).resolves.toBe("chart");
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("forgetFailedDownloads lets every failed download start again on its next read", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("page");
    const code = onDemand(importer);
    await expect(code.read()).rejects.toThrow("offline");
    await expect(code.read()).rejects.toThrow("offline");
    forgetFailedDownloads();
    await expect(code.read()).resolves.toBe("page");
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
