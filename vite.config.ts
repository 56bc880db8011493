import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const bffOrigin = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8787'}`;

export default defineConfig({
  root: 'dashboard',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/dashboard',
    emptyOutDir: true,
    // The whole source would be served to anyone: the production build ships without maps.
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: bffOrigin, changeOrigin: false } },
  },
});
