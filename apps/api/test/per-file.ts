import { afterAll, beforeAll } from 'vitest'
import type { TestApp, TestAppOptions } from './build-test-app'
import { buildTestApp } from './build-test-app'

/**
 * What a test file builds once before its tests and closes after them, declared at the top of the
 * file: `const t = perFile(build, close)`. Its fields can be read from the file's first beforeAll on;
 * reading one sooner throws, as reading a `let` that beforeAll had not set yet would have failed.
 */
export function perFile<T extends object>(build: () => Promise<T>, close: (built: T) => Promise<unknown>): T {
  let built: T | undefined
  beforeAll(async () => {
    built = await build()
  })
  afterAll(async () => {
    if (built) await close(built)
  })
  const current = (): T => {
    if (!built) throw new Error('perFile: read before the beforeAll that builds it')
    return built
  }
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(current(), key),
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
