// The per-domain mail cap and shared providers (20261127100000_waitlist_shared_providers.sql, issue
// 30 item 1): 30 made-up gmail.com signups must not hold back a real Gmail user's confirmation.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { snapshotDatabase } from "./database-helpers.ts";
import { asService, claim, dayLater, hash, signup, unique, type Limits } from "./waitlist-db.ts";

const snapshot = snapshotDatabase();

// The deployed limits, the per-client minute aside: the attacker spreads 30 signups over six minutes.
const DEPLOYED: Limits = [null, DEFAULT_LIMITS.perMailboxPerHour, null, DEFAULT_LIMITS.perDomainMailsPerHour];
const ATTACKER = "203.0.113.66/32";

describe("the per-domain mail cap at shared providers", () => {
  it("does not hold a real Gmail user's mail after 30 made-up gmail.com signups in the hour", async () => {
    expect(DEFAULT_LIMITS.perDomainMailsPerHour).toBe(30);
    await asService(snapshot, async (tx) => {
      for (let i = 0; i < 30; i++) {
        const outcome = await signup(tx, `made-up-${i}@gmail.com`, unique(), {
          client: ATTACKER,
          limits: DEPLOYED,
        });
        expect(outcome.outcome).toBe("send");
      }
      const alice = await signup(tx, "alice.smith@gmail.com", hash("a"), {
        client: "198.51.100.9/32",
        limits: DEPLOYED,
      });
      expect(alice.outcome).toBe("send");
      // Nothing counted against gmail.com's hour at all.
      expect(
        (
          await tx.query(
            "select count(*)::int as n from public.waitlist_rate_limit where bucket like 'mail-domain:gmail%'",
          )
        ).rows,
      ).toEqual([{ n: 0 }]);
    });
  });

  it.each(["outlook.com", "hotmail.com", "yahoo.com", "icloud.com", "proton.me"])(
    "exempts %s too, and googlemail.com through its folding into gmail.com",
    async (domain) => {
      await asService(snapshot, async (tx) => {
        const limits: Limits = [null, null, null, 1];
        expect((await signup(tx, `one@${domain}`, unique(), { limits })).outcome).toBe("send");
        expect((await signup(tx, `two@${domain}`, unique(), { limits })).outcome).toBe("send");
        expect((await signup(tx, "one@googlemail.com", unique(), { limits })).outcome).toBe("send");
        expect((await signup(tx, "two@googlemail.com", unique(), { limits })).outcome).toBe("send");
      });
    },
  );

  it("still caps a domain no one shares (a catch-all's aliases), and the resync keeps to it", async () => {
    await asService(snapshot, async (tx) => {
      const limits: Limits = [null, null, null, 2];
      const outcomes = [];
      for (const local of ["a", "b", "c"])
        outcomes.push((await signup(tx, `${local}@catch-all.example`, unique(), { limits })).outcome);
      expect(outcomes).toEqual(["send", "send", "none"]);
      expect(await claim(tx, "c@catch-all.example", unique(), 2)).toBe(false);
    });
  });

  it("lets the resync send a shared provider's held mail once its mailbox's day is over, whatever the domain's hour", async () => {
    await asService(snapshot, async (tx) => {
      const limits: Limits = [null, null, null, 1];
      expect((await signup(tx, "held@gmail.com", hash("b"), { limits })).outcome).toBe("send");
      expect((await signup(tx, "he.ld@gmail.com", unique(), { limits })).outcome).toBe("none");
      for (let i = 0; i < 5; i++)
        expect((await signup(tx, `other${i}@gmail.com`, unique(), { limits })).outcome).toBe("send");
      await dayLater(tx, "held@gmail.com");
      expect(await claim(tx, "he.ld@gmail.com", unique(), 1)).toBe(true);
    });
  });
});
