import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { antdStyles } from './build/antdStyles.ts';
import { callRoutes } from './build/callRoutes.ts';

const API_TARGET = 'http://127.0.0.1:8080';
const proxy = { '/apis': { target: API_TARGET, ws: true } };

/**
 * Vendor chunks: React, then the router/query/i18n layer. Ant Design is left to the automatic
 * splitting so that the login page only loads the components it uses, not those of the shell.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  {
    name: 'libs',
    test: /node_modules[\\/](react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|js-cookie|cookie|set-cookie-parser)[\\/]/,
    priority: 2,
  },
];

export default defineConfig({
  plugins: [react(), callRoutes(), antdStyles()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // The contract's schema constants (typebox) are only types here: let unused modules go.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
