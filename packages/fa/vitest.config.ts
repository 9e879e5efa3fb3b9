import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'fa', include: ['src/**/*.test.ts'] } });
