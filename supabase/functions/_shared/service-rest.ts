import { networkReason } from "./outbound.ts";

/**
 * A PostgREST request with the service-role key, as `data:push` (Node) and the daily refresh
 * (Deno and Node) make them: JSON both ways; a request that never reaches the server throws the
 * caller's error, built from the network's reason ('fetch failed' names its cause).
 */
export function serviceRequest(
  base: string,
  serviceRoleKey: string,
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response>,
  unreachable: (reason: string) => Error,
): (path: string, init?: RequestInit) => Promise<Response> {
  return async (path, init = {}) => {
    try {
      return await fetchImpl(`${base}${path}`, {
        ...init,
        headers: {
          apikey: serviceRoleKey,
          Authorization: `Bearer ${serviceRoleKey}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
      });
    } catch (error) {
      throw unreachable(networkReason(error));
    }
  };
}
