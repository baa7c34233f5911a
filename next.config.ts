import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Typecheck and lint run as their own steps of `npm test`; repeating them in every build only costs time.
  typescript: { ignoreBuildErrors: true },
  // forbidden(): a signed-in member whose role does not allow a page gets app/forbidden.tsx with a 403.
  experimental: { authInterrupts: true },
};

export default nextConfig;
