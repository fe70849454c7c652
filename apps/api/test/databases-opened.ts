/**
 * How many databases of the suite's (buildTestApp's, the live event tests' shared one) the current test
 * file opened: test/each-file.ts names a file that opened none and still runs in both passes.
 */
let opened = 0

export function countDatabaseOpened(): void {
  opened += 1
}

export function restartDatabaseCount(): void {
  opened = 0
}

export function databasesOpened(): number {
  return opened
}
