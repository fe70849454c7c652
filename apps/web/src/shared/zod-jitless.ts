/**
 * The pages' Content-Security-Policy allows no 'unsafe-eval', so zod can never compile its faster object
 * parsers in the browser. Left to find that out, zod tries `new Function('')` as its first object schema
 * is made, and the browser reports the try as a policy violation (Lighthouse's Best Practices listed it
 * on every signed-in page). zod reads its settings from `globalThis.__zod_globalConfig`, which it shares
 * between copies of itself and makes only when missing: set here, by both entries before any schema
 * module runs, without loading zod into the first screen's code (zod-jitless.test.ts holds zod to it).
 */
type ZodSettings = { jitless?: boolean }

const shared = globalThis as { __zod_globalConfig?: ZodSettings }
shared.__zod_globalConfig ??= {}
shared.__zod_globalConfig.jitless = true

// A module (imported for its effect), not a script: its names stay its own.
export {}
