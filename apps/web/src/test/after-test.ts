/**
 * What a test left behind that outlives it: a render helper registers how to undo it, and the setup
 * runs that after each test.
 */
const undo: (() => void)[] = []

export function afterThisTest(task: () => void): void {
  undo.push(task)
}

export function undoTestLeftovers(): void {
  for (const task of undo.splice(0).reverse()) task()
}
