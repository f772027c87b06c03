import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/modules/**/*.schema.ts',
    './src/db/*.schema.ts',
    './src/lib/*.schema.ts',
    './src/adapters/**/*.schema.ts',
  ],
  out: './drizzle',
});
