/**
 * Whether a request is a server action sent from another site: the same test as Next's own
 * CSRF guard (app-render/action-handler.js), made early in proxy.ts so that it answers 403
 * instead of the 500 Next answers. A request without Origin is left to Next, which lets it
 * through as Next does: browsers send Origin with every cross-site POST.
 */
export interface ActionRequest {
  method: string;
  headers: Pick<Headers, "get">;
}

export function isPossibleServerAction({ method, headers }: ActionRequest): boolean {
  if (method !== "POST") return false;
  const type = headers.get("content-type") ?? "";
  return headers.get("next-action") !== null || type === "application/x-www-form-urlencoded" || type.startsWith("multipart/form-data");
}

function originHost(origin: string): string {
  if (origin === "null") return "null";
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}

export function isCrossSiteAction(request: ActionRequest, allowedOrigins: readonly string[] = []): boolean {
  if (!isPossibleServerAction(request)) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || request.headers.get("host");
  const from = originHost(origin);
  return !host || (from !== host && !allowedOrigins.includes(from));
}

export const CROSS_SITE_REFUSAL = "Cross-site request refused: Callboard's actions can only be used from its own pages.";
