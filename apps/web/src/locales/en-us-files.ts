/**
 * Every en-us area's file (locales/en-us/<area>.json, the public pages' aside) as its text, in one chunk:
 * what the rest of the language after the first render, or a change to en-us, loads in one request
 * (areas.ts). Read as text (`?raw`), as public-en-us.ts reads its files: the JSON modules stay the
 * areas' own chunks, which the frame and each page load alone before their first render.
 */
export default import.meta.glob<string>(['./en-us/*.json', '!./en-us/public-*.json'], { eager: true, import: 'default', query: '?raw' })
