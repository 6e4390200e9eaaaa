/**
 * The compiler options of the tsconfig.json `create-next-app` writes (Next.js 16), without its
 * `next` plugin and `paths`: the setup the bench, the editor test and the Next.js builds share.
 */
export const NEXT_COMPILER_OPTIONS = {
  target: 'ES2017',
  lib: ['dom', 'dom.iterable', 'esnext'],
  allowJs: true,
  skipLibCheck: true,
  strict: true,
  noEmit: true,
  esModuleInterop: true,
  module: 'esnext',
  moduleResolution: 'bundler',
  resolveJsonModule: true,
  isolatedModules: true,
  jsx: 'preserve',
  incremental: true,
} as const;
