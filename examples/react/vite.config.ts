/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// Vite transforms the .tsx files itself (automatic JSX runtime, from tsconfig.json's `jsx`).
// `test`: `npm test` runs the tests in jsdom against the generated mock Strapi (no Strapi needed).
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
