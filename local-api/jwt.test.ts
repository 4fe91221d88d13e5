import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "./defaults.ts";
import { LOCAL_JWT_SECRET, verifyJwt } from "./jwt.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "./service-key.ts";

const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);
const sign = (claims: Record<string, unknown>, key = secret) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);

describe("verifyJwt", () => {
  it("returns the role of the local anon and service-role keys", async () => {
    expect(await verifyJwt(LOCAL_ANON_KEY)).toEqual({ ok: true, role: "anon" });
    expect(await verifyJwt(LOCAL_SERVICE_ROLE_KEY)).toEqual({ ok: true, role: "service_role" });
  });

  it("refuses a forged signature, a key signed with another secret, and an expired key", async () => {
    expect(await verifyJwt(LOCAL_ANON_KEY.replace(/.{4}$/, "AAAA"))).toEqual({
      ok: false,
      reason: "JWSError JWSInvalidSignature",
    });
    const otherSecret = await sign(
      { role: "service_role" },
      new TextEncoder().encode("another-secret-of-at-least-32-characters!"),
    );
    expect(await verifyJwt(otherSecret)).toEqual({ ok: false, reason: "JWSError JWSInvalidSignature" });
    const expired = await sign({ role: "anon", exp: 1_000 });
    expect(await verifyJwt(expired)).toEqual({ ok: false, reason: "JWT expired" });
  });

  it("refuses an unsigned token ('alg: none') and one that is not a JWT", async () => {
    const [, payload] = LOCAL_SERVICE_ROLE_KEY.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect(await verifyJwt(none)).toMatchObject({ ok: false });
    expect(await verifyJwt("not-a-jwt")).toMatchObject({ ok: false, reason: expect.stringMatching(/^Invalid JWT: /) });
  });

  it("refuses a role Postgres does not know, or none", async () => {
    expect(await verifyJwt(await sign({ role: "postgres" }))).toEqual({
      ok: false,
      reason: 'JWT role "postgres" is not one of anon, authenticated, service_role',
    });
    expect(await verifyJwt(await sign({}))).toMatchObject({ ok: false, reason: expect.stringContaining("undefined") });
  });
});
