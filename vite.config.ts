import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Form-only modules: they must stay in the lazily loaded dialog chunks, never in the shared chunk
 * that every page downloads.
 */
const FORM_ONLY = /[\\/]app[\\/](components[\\/]site[\\/]forms|components[\\/]ui[\\/](dialog|drawer|tabs|field|form-error)|schemas)[\\/.]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The server bundle's entry is our Express app (server/app.ts), which wraps the React Router build.
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
    // Fewer, larger browser chunks: the default split gave a page 30+ tiny modules (one per icon),
    // each a request on a slow mobile connection.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
                {
                  name: 'site',
                  test: (id: string) => /[\\/]app[\\/](components|lib|content)[\\/]/.test(id) && !FORM_ONLY.test(id),
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: 3000 },
});
