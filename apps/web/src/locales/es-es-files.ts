/**
 * Every es-es area's file (locales/es-es/<area>.json, the public pages' aside) as its text, in one chunk:
 * what the rest of the language after the first render, or a change to es-es, loads in one request
 * (areas.ts). Read as text (`?raw`), as public-es-es.ts reads its files: the JSON modules stay the
 * areas' own chunks, which the frame and each page load alone before their first render.
 */
export default import.meta.glob<string>(['./es-es/*.json', '!./es-es/public-*.json'], { eager: true, import: 'default', query: '?raw' })
