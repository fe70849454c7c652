// Types of make-hostile-fixtures.mjs, for the TypeScript tests and bench that import it.
export type HostileTarget = 'form' | 'signature' | 'listing-photo' | 'profile-photo' | 'verify'
export type HostileFile = { name: string; committed: boolean; bytes: Buffer; target: HostileTarget; expect: { status: number; key?: string } }
export const FIXTURES_DIRECTORY: string
export function pdfOf(objects: string[], options?: { root?: number }): Buffer
export function manyObjects(count: number): Buffer
export function hugeArray(count: number): Buffer
export function hostileFiles(): Promise<HostileFile[]>
