// `npm start`: build the web app if needed, then run the API server (which serves it) in this process.
import { buildIfStale } from './build-if-stale.mjs'

buildIfStale()
const { register } = await import('tsx/esm/api')
register()
await import('../apps/api/src/server.ts')
