import { defineConfig } from 'vite';

// Vite transforms the .tsx files itself (automatic JSX runtime, from tsconfig.json's `jsx`).
export default defineConfig({});
