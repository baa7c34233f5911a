import { getAuth, type Auth } from "@/lib/accounts/server/auth";

/**
 * Next prepares a page route on its first request: it reads the route's manifests, and the
 * renderer, the route's server code and Better Auth's cookie check run for the first time. A run
 * page's first view after a start paid ~40 ms for that at 1.26 million results (bench:results on
 * PostgreSQL, four alternating pairs: 225-294 ms with these requests, 275-341 ms without), on top
 * of what warm-routes.ts and warm-run-pages.ts already do before the port answers.
 *
 * These requests pay it instead, once the server serves. Each carries a session cookie that names
 * no session, as a browser with an expired one would: the route runs up to its session check and
 * answers with its redirect to sign-in, reading no run and writing nothing.
 */

/** Routes people open first after a start, each with a segment no record has: only the route matters. */
export const WARM_PAGE_PATHS = ["/runs/warm-up", "/runs/warm-up/calls/warm-up", "/runs/warm-up/charts", "/monitors/warm-up", "/"] as const;

export interface PageRouteRequests {
  /** Where the server answers, such as http://localhost:3000. */
  origin: string;
  /** The name of the session cookie the pages read. */
  sessionCookie: string;
  paths?: readonly string[];
  /** Per request; a server still starting makes it wait, never fail. */
  timeoutMs?: number;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

/** The value of the cookie: not a signed token, so no session lookup can match it. */
const NO_SESSION = "warm-up";

/**
 * Requests each path in turn, following no redirect. Returns the paths that answered without a
 * server error; a request that fails or answers 5xx is logged, and the others still go.
 */
export async function requestPageRoutes(options: PageRouteRequests): Promise<string[]> {
  const { origin, sessionCookie, paths = WARM_PAGE_PATHS, timeoutMs = 60_000, log = console.error, fetch: send = fetch } = options;
  const answered: string[] = [];
  for (const path of paths) {
    try {
      const response = await send(new URL(path, origin), {
        redirect: "manual",
        headers: { cookie: `${sessionCookie}=${NO_SESSION}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      if (response.status >= 500) log(`callboard: warming the page route of ${path} answered ${response.status}; it prepares on first use`);
      else answered.push(path);
    } catch (error) {
      log(`callboard: warming the page route of ${path} failed (${error instanceof Error ? error.message : String(error)}); it prepares on first use`);
    }
  }
  return answered;
}

/**
 * Where `next start` answers once it listens: Next sets PORT (and its own origin) before it calls
 * register(). Null outside a production server.
 */
export function servingOrigin(environment: NodeJS.ProcessEnv = process.env): string | null {
  if (environment.NODE_ENV !== "production") return null;
  if (environment.__NEXT_PRIVATE_ORIGIN) return environment.__NEXT_PRIVATE_ORIGIN;
  return environment.PORT ? `http://127.0.0.1:${environment.PORT}` : null;
}

/**
 * For register(), which must not await it: Next serves only once register() returns, and each
 * request waits for that. Takes the session cookie's name from Better Auth, then requests the
 * routes; resolves once they answered, never rejecting.
 */
export async function requestPageRoutesOnceServing(auth: () => Auth = getAuth, log: (line: string) => void = console.error): Promise<void> {
  const origin = servingOrigin();
  if (!origin) return;
  let sessionCookie: string;
  try {
    sessionCookie = (await auth().$context).authCookies.sessionToken.name;
  } catch (error) {
    log(`callboard: warming the page routes failed (${error instanceof Error ? error.message : String(error)}); each prepares on first use`);
    return;
  }
  await requestPageRoutes({ origin, sessionCookie, log });
}
