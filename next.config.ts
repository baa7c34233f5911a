import type { NextConfig } from "next";
import { securityHeaders } from "./lib/platform/security/headers";
import { ACTION_BODY_LIMIT_BYTES } from "./lib/platform/security/oversized-action";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Typecheck and lint run as their own steps of `npm test`; repeating them in every build only costs time.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // forbidden(): a signed-in member whose role does not allow a page gets app/forbidden.tsx with a 403.
    authInterrupts: true,
    // The build's file-system cache only pays when the same checkout is built again and again; here a
    // build follows a clean install or an update, and writing the cache cost a third of the build's CPU
    // (about 110 → 80 CPU-s) and 160 MB of .next.
    turbopackFileSystemCacheForBuild: false,
    // Next's default (1 MB), stated so that proxy.ts refuses larger action bodies at the same size.
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES },
  },
  // CSP, frame and sniffing protection on every page, API answer and asset (lib/platform/security/headers.ts).
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders(process.env.NODE_ENV !== "production") }];
  },
};

export default nextConfig;
