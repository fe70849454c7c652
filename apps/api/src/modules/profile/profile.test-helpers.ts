import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import { user as userTable } from '../../db/schema/users'
import type { FileStorage } from '../../storage/storage'
import { createFileStorage } from '../../storage/create-file-storage'

export type Signed = { id: string; email: string; password: string; headers: { authorization: string } }

/** An agent's details that pass onboarding. */
export const AGENT = { nrds: '123456789', sellerAgentId: 'TN-123456', phone: '+16155550101', zipcode: '37203' }

export type ProfileTest = {
  /** The app of this test file, with the demo accounts and files kept on disk. */
  readonly t: TestApp
  /** The storage the app writes to, to look at the files themselves. */
  readonly storage: FileStorage
  signedInUser(options?: { roles?: Role[]; onboarded?: boolean; name?: string }): Promise<Signed>
  /** A signed-in user who has not onboarded yet. */
  newcomer(): Promise<Signed>
  me(headers: { authorization: string }): Promise<User>
  onboard(who: Signed, payload: object): Promise<LightMyRequestResponse>
  patchMe(who: Signed, payload: object): Promise<LightMyRequestResponse>
}

/** Builds the app for one test file (beforeAll) and tears it down (afterAll). */
export function profileTestApp(): ProfileTest {
  let app: TestApp | undefined
  let files = ''
  let disk: FileStorage | undefined

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'offerbook-profile-test-'))
    disk = createFileStorage({ kind: 'disk', directory: files })
    app = await buildTestApp({ seed: true, config: { storage: { kind: 'disk', directory: files } } })
  })
  afterAll(async () => {
    await app?.close()
    await rm(files, { recursive: true, force: true })
  })

  const ready = (): TestApp => {
    if (!app) throw new Error('the test app is built in beforeAll')
    return app
  }

  const signedInUser: ProfileTest['signedInUser'] = async (options = {}) => {
    const t = ready()
    const created = await createUser(t, { roles: options.roles ?? [], ...(options.name ? { name: options.name } : {}) })
    if (options.onboarded === false) await t.db.update(userTable).set({ onboarded: false }).where(eq(userTable.id, created.id))
    const { accessToken } = await signIn(t.app, created.email, created.password)
    return { ...created, headers: bearer(accessToken) }
  }

  return {
    get t() {
      return ready()
    },
    get storage() {
      if (!disk) throw new Error('the storage is made in beforeAll')
      return disk
    },
    signedInUser,
    newcomer: () => signedInUser({ onboarded: false }),
    me: (headers) => ready().app.inject({ method: 'GET', url: '/api/me', headers }).then((response) => response.json<{ user: User }>().user),
    onboard: (who, payload) => ready().app.inject({ method: 'PUT', url: '/api/me/onboarding', headers: who.headers, payload }),
    patchMe: (who, payload) => ready().app.inject({ method: 'PATCH', url: '/api/me', headers: who.headers, payload }),
  }
}
