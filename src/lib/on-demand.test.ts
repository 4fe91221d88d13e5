import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand";

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
