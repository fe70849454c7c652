// `npm start`: build the web app and bundle the API server if either is stale, then run the server
// (which serves the web app) in this process: plain JavaScript, nothing transformed at run time.
import { pathToFileURL } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'
import { buildServerIfStale, SERVER_BUNDLE } from './build-server.mjs'

buildIfStale()
await buildServerIfStale()
await import(pathToFileURL(SERVER_BUNDLE).href)
