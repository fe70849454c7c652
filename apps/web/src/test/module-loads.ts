/**
 * The modules a test file began to import and that have not finished: a part loaded by `import()`
 * after a click, a page's later code asked for on idle. When the files of a worker share their modules
 * (vitest.config.ts, decision 098), an import still under way as its file ends is cut off by the end
 * of the file's environment and stays broken in the shared cache, and the next file that imports the
 * same module fails with vitest's EnvironmentTeardownError. The setup waits for them at each file's end.
 *
 * It reads vitest's worker state (`__vitest_worker__`), whose module runner marks a module being
 * loaded with its promise and `evaluated: false`. Should that shape change, it finds nothing to wait
 * for, and the files run as before.
 */
type ModuleNode = {
  promise?: Promise<unknown>
  evaluated?: boolean
}

function modulesLoading(): Promise<unknown>[] {
  const state = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, ModuleNode> } } }).__vitest_worker__
  const modules = state?.evaluatedModules?.idToModuleMap
  if (!modules) return []
  return [...modules.values()].filter((node) => node.promise && node.evaluated === false).map((node) => node.promise as Promise<unknown>)
}

/** Resolves once no module is being loaded, a task after the last one settled; gives up after `limitMs`. */
export async function moduleLoadsSettled(limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs
  for (;;) {
    // A timer the file set may begin one more import: a task's wait lets it.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const loading = modulesLoading()
    if (loading.length === 0 || Date.now() > deadline) return
    await Promise.race([Promise.allSettled(loading), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))])
  }
}
