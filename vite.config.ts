import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server bundle's entry is our Express app (server/app.ts), which wraps the React Router build.
  environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
  server: { port: 3000 },
});
