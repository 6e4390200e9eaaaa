import type { NextConfig } from 'next';

const config: NextConfig = {
  // This folder is its own project inside the repository: keep Next from looking above it.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};

export default config;
