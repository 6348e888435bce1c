// `npm run serve` / `npm start` entry (package.json runs `node demo/server/main.mjs`): loads tsx so
// the TypeScript server runs without a build step, then starts it. Same as
// `node --import tsx demo/server/main.ts`.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
