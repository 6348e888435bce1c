/**
 * A web-test-runner plugin that serves React to the browser as ES modules.
 *
 * React 19 ships CommonJS only, and its development builds assign their exports inside an IIFE, so
 * @rollup/plugin-commonjs cannot see the named exports (`createElement`, `jsx`, `createRoot` …).
 * This plugin bundles react, react/jsx-runtime, react-dom and react-dom/client ONCE with esbuild
 * (one shared copy of React) and serves one small entry per specifier that re-exports the names
 * read from the CJS module in Node at config load, as Vite's dependency optimizer does.
 *
 * Use (web-test-runner.config.mjs): `import { reactEsmPlugin } from './test/shell/support/react-esm-plugin.mjs';`
 * then `plugins: [reactEsmPlugin(), …]` (before the commonjs and esbuild plugins).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(`${ROOT}package.json`);

export const REACT_ESM_ENTRIES = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client'];

/** @param {{ nodeEnv?: string }} [options] */
export function reactEsmPlugin(options = {}) {
  const nodeEnv = options.nodeEnv ?? 'development';
  const esbuild = require('esbuild');
  const id = (spec) => spec.replace(/[^a-z]/g, '_');
  // Export names are read now: requiring React later, inside a request, trips wtr's console proxy.
  const names = Object.fromEntries(
    REACT_ESM_ENTRIES.map((e) => [e, Object.keys(require(e)).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n))]),
  );
  let shared;
  const sharedBundle = () =>
    (shared ??= esbuild
      .build({
        stdin: {
          contents:
            REACT_ESM_ENTRIES.map((e) => `import * as ${id(e)} from '${e}';`).join('\n') +
            `\nexport { ${REACT_ESM_ENTRIES.map(id).join(', ')} };`,
          resolveDir: ROOT,
        },
        bundle: true,
        format: 'esm',
        write: false,
        define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
        logLevel: 'silent',
      })
      .then((r) => r.outputFiles[0].text));
  const entry = (spec) =>
    `import { ${id(spec)} as m } from '/__react-esm/__shared.js';\n` +
    `const d = m.default ?? m;\nexport default d;\nexport const { ${names[spec].join(', ')} } = d;\n`;

  return {
    name: 'react-esm',
    resolveImport({ source }) {
      if (REACT_ESM_ENTRIES.includes(source)) return `/__react-esm/${source}.js`;
      return undefined;
    },
    async serve(context) {
      if (context.path === '/__react-esm/__shared.js') return { body: await sharedBundle(), type: 'js' };
      const m = /^\/__react-esm\/(.+)\.js$/.exec(context.path);
      if (m && REACT_ESM_ENTRIES.includes(m[1])) return { body: entry(m[1]), type: 'js' };
      return undefined;
    },
  };
}
