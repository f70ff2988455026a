// The console's build: a single-page app served by the REST adapter under /console/ (same origin as
// its GraphQL endpoint and sign-in routes). Everything it loads is bundled: no external origin, so
// the strict CSP of docs/console.md holds (no inline script or style, fonts and icons from 'self').
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  plugins: [react()],
  resolve: {
    // The root install hoists wouter and TanStack Query next to React 18 (the playground's); the
    // console renders with its own React 19, so every import of React resolves from console/.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Inlined assets would be data: URLs for fonts and images; the CSP allows them for images only,
    // so fonts stay files.
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    // `npx vite` in console/ for UI work: API calls go to a running `npm start`.
    proxy: {
      '/console/auth': 'http://127.0.0.1:3000',
      '/console/graphql': 'http://127.0.0.1:3000',
      '/console/files': 'http://127.0.0.1:3000',
    },
  },
});
