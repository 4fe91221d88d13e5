import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { env } from "@/config/env";
import { server } from "../../tests/msw/server";
import { PostgrestReadError, readRest } from "./postgrest";

const ROUTE = "*/rest/v1/protocols";
const read = () => readRest("protocols?select=*&order=name.asc");

describe("readRest", () => {
  it("sends the anonymous read supabase-js sends and returns the JSON body", async () => {
    let seen: Request | undefined;
    server.use(
      http.get(ROUTE, ({ request }) => {
        seen = request;
        return HttpResponse.json([{ name: "Lofty" }]);
      }),
    );
    await expect(read()).resolves.toEqual([{ name: "Lofty" }]);
    const url = new URL(seen!.url);
    expect(url.searchParams.get("select")).toBe("*");
    expect(url.searchParams.get("order")).toBe("name.asc");
    expect(seen!.headers.get("apikey")).toBe(env.supabaseAnonKey);
    expect(seen!.headers.get("authorization")).toBe(`Bearer ${env.supabaseAnonKey}`);
    expect(seen!.headers.get("accept-profile")).toBe("public");
  });

  it("rejects with PostgREST's message, '' when its JSON has none, and a non-JSON body's text", async () => {
    const failWith = (body: string, status: number) =>
      server.use(http.get(ROUTE, () => new HttpResponse(body, { status })));
    failWith(JSON.stringify({ code: "42501", message: "permission denied for table protocols" }), 401);
    await expect(read()).rejects.toEqual(new PostgrestReadError("permission denied for table protocols", 401));
    failWith("{}", 500);
    await expect(read()).rejects.toThrow(new PostgrestReadError("", 500));
    failWith(JSON.stringify({ message: null }), 500);
    await expect(read()).rejects.toThrow(new PostgrestReadError("", 500));
    failWith("Bad Gateway", 502);
    await expect(read()).rejects.toThrow(new PostgrestReadError("Bad Gateway", 502));
  });

  it("lets a network failure through as the browser's own error", async () => {
    server.use(http.get(ROUTE, () => HttpResponse.error()));
    await expect(read()).rejects.toBeInstanceOf(TypeError);
  });
});
