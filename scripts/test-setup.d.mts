export const NEEDED: readonly { command: (env: NodeJS.ProcessEnv) => string; debianPackage: string }[]
export function missingPackages(env?: NodeJS.ProcessEnv): string[]
export function testSetup(env?: NodeJS.ProcessEnv): 0 | 1
