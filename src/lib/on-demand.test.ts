import { describe, expect, it, vi } from "vitest";
import { failedChunkUrl, forgetFailedDownloads, freshChunkUrl, onDemand } from "./on-demand";

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
  const chunk = "https://atlas.example/assets/waitlist-dialog-1a2b.js";
  const chromiumFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);

  it("imports the chunk the failure names under a fresh URL, never the cached one", async () => {
    const importer = vi.fn().mockRejectedValue(chromiumFailure());
    const importFresh = vi
      .fn()
      .mockRejectedValueOnce(new TypeError(`Failed to fetch dynamically imported module: ${chunk}?retry=1`))
      .mockResolvedValueOnce({ Dialog: "dialog" });
    const code = onDemand(importer, (m: { Dialog: string }) => m.Dialog, { importFresh });
    await expect(code.load()).rejects.toThrow(/dynamically imported module/);
    await expect(code.load()).rejects.toThrow(/retry=1/);
    await expect(code.load()).resolves.toBe("dialog");
    expect(importer).toHaveBeenCalledTimes(1);
    // Each retry a URL of its own, built from the first failure's (not from the retry's) URL.
    expect(importFresh.mock.calls).toEqual([[`${chunk}?retry=1`], [`${chunk}?retry=2`]]);
    expect(code.current()).toBe("dialog");
  });

  it("lets a render read the same failure again, without a new download, until an intent", async () => {
    const importer = vi.fn().mockRejectedValue(chromiumFailure());
    const importFresh = vi.fn().mockResolvedValue("menu");
    const code = onDemand(importer, (m: string) => m, { importFresh });
    const failed = code.read();
    await expect(failed).rejects.toThrow();
    expect(code.read()).toBe(failed);
    expect(importFresh).not.toHaveBeenCalled();
    code.prefetch();
    await expect(code.read()).resolves.toBe("menu");
  });

  it("tries the importer again when the failure names no URL (as Safari's message does)", async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Importing a module script failed."))
      .mockResolvedValueOnce("chart");
    const importFresh = vi.fn();
    const code = onDemand(importer, (m: string) => m, { importFresh });
    await expect(code.load()).rejects.toThrow();
    await expect(code.load()).resolves.toBe("chart");
    expect(importFresh).not.toHaveBeenCalled();
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

describe("failedChunkUrl and freshChunkUrl", () => {
  it("read the URL from Chromium's and Firefox's messages, and nothing from others", () => {
    const url = "http://127.0.0.1:4179/assets/privacy-policy-DRA9kVH3.js";
    expect(failedChunkUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(failedChunkUrl(new TypeError(`error loading dynamically imported module: ${url}?retry=3`))).toBe(url);
    expect(failedChunkUrl(new TypeError("Importing a module script failed."))).toBeNull();
    expect(failedChunkUrl(new Error(`Request to ${url} failed`))).toBeNull();
    expect(failedChunkUrl(null)).toBeNull();
  });

  it("sets retry=<n>, replacing an earlier one", () => {
    expect(freshChunkUrl("https://a.example/assets/x.js", 1)).toBe("https://a.example/assets/x.js?retry=1");
    expect(freshChunkUrl("https://a.example/assets/x.js?retry=1", 2)).toBe("https://a.example/assets/x.js?retry=2");
  });
});
