import { afterAll, beforeAll } from 'vitest'
import type { TestApp, TestAppOptions } from './build-test-app'
import { buildTestApp } from './build-test-app'

/**
 * What a test file (or a describe block) builds once before its tests and closes after them, declared
 * at its top: `const t = perFile(build, close)`. Its fields can be read from the first beforeAll on;
 * reading one sooner throws, as reading a `let` that beforeAll had not set yet would have failed.
 */
export function perFile<T extends object>(build: () => Promise<T>, close: (built: T) => Promise<unknown>, buildTimeoutMs?: number): T {
  let built: T | undefined
  beforeAll(async () => {
    built = await build()
  }, buildTimeoutMs)
  afterAll(async () => {
    if (built) await close(built)
  })
  return lazy(() => {
    if (!built) throw new Error('perFile: read before the beforeAll that builds it')
    return built
  })
}

/** An object whose fields are read from `current()` when they are read, its methods called on it. */
export function lazy<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      const target = current()
      const value: unknown = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
    has: (_target, key) => Reflect.has(current(), key),
  })
}

/** The test app of a file: `const t = useTestApp()` builds it on a fresh database before the file's tests and closes it after them. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  return perFile(
    () => buildTestApp(options),
    (t) => t.close(),
  )
}
