import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // create-next-app's defaults (Next.js 16): Cache Components and partial prefetching.
  cacheComponents: true,
  partialPrefetching: true,
  // This folder is its own project inside the repository: keep Next from looking above it.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};

export default nextConfig;
