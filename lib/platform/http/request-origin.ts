/** The address people open Callboard at, for links sent elsewhere such as alerts (the same setting sign-in uses). */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  let origin = env.CALLBOARD_URL ?? `http://localhost:${env.PORT ?? "3000"}`;
  while (origin.endsWith("/")) origin = origin.slice(0, -1);
  return origin;
}

/**
 * The origin a request was made to, as the browser sees it (behind a proxy, its forwarded
 * protocol and host), for hints a person copies, such as a curl command; `fallback` when the
 * request names no host.
 */
export function originOf(headers: Pick<Headers, "get">, fallback: string): string {
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0].trim();
  if (!host || !/^[\w.\-:[\]]+$/.test(host)) return fallback;
  const forwarded = (headers.get("x-forwarded-proto") ?? "").split(",")[0].trim().toLowerCase();
  const protocol = forwarded === "https" || forwarded === "http" ? forwarded : "http";
  return `${protocol}://${host}`;
}
