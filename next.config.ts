import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Typecheck and lint run as their own steps of `npm test`; repeating them in every build only costs time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
