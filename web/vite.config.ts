import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { inlineGraphqlDocuments, loadGeneratedDocuments } from './tools/inline-graphql-documents.ts';
import { precompress } from './tools/precompress.ts';

// Where the dev server proxies the API to, and its own port (`npm run dev` sets both, from PORT and VITE_PORT).
const gateway = process.env.GATEWAY_URL?.trim() || 'http://localhost:4000'; // set to nothing counts as unset, as everywhere
const proxied = ['/graphql', '/api', '/uploads', '/images', '/dev', '/healthz', '/readyz'];

function devServerPort(): number {
  const port = Number(process.env.VITE_PORT || 5173);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`VITE_PORT must be a port number (got ${JSON.stringify(process.env.VITE_PORT)})`);
  }
  return port;
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Builds only: each graphql(`...`) call becomes its document, so a page carries its own operations and not the map
    // of all of them (dev keeps codegen's runtime lookup, which follows `npm run codegen` without a restart).
    command === 'build' &&
      babel({
        include: /\/src\/(?!gql\/).*\.tsx?$/,
        plugins: [inlineGraphqlDocuments(loadGeneratedDocuments(new URL('./src/gql', import.meta.url).pathname))],
      }),
    precompress(),
  ],
  // GraphiQL's worker setup imports Monaco's workers with `?worker`, which only Vite's own transform understands:
  // the dev server's dependency pre-bundling must leave that module alone.
  optimizeDeps: { exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'] },
  // rxjs (under Apollo Client) ships ES5 by default and modern classes under `es2015`: the modern build is smaller and
  // needs no tslib helpers. Every browser we support runs ES2015.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  server: {
    port: devServerPort(),
    // A port in use stops the dev server with a message, instead of moving on to the next free port unannounced.
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: gateway, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // Written for debugging and error reports, but not linked from the scripts (the gateway does not serve them).
    sourcemap: 'hidden',
    // The staff playground's Monaco editor (2.8 MB, loaded only when an admin opens /playground) is the one big chunk;
    // the customer pages' initial JavaScript has its own budget, checked by `npm run bench`.
    chunkSizeWarningLimit: 3_000,
    rolldownOptions: {
      onLog(level, log, handler) {
        // Libraries' "use no memo" directives (React Compiler hints) mean nothing once bundled: not worth a warning.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.id?.includes('/node_modules/')) return;
        handler(level, log);
      },
    },
  },
}));
