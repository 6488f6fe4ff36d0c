import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Served by the front server under /_admin/ (assets) with SPA routes
// /auth, /admin/*, /dashboard and /profile; /api is Directus on the same origin.
export default defineConfig({
  base: '/_admin/',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/admin', emptyOutDir: true },
  server: { proxy: { '/api': { target: process.env.DIRECTUS_URL ?? 'http://127.0.0.1:8055', rewrite: (p) => p.replace(/^\/api/, '') } } },
});
