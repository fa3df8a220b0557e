import { defineConfig } from 'drizzle-kit';

/** drizzle-kit only generates SQL from the schema here; migrations are applied by the app (app/db/migrate.server.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema.ts',
  out: './drizzle',
});
