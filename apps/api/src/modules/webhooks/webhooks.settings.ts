import type { WebhookSettings } from '@offerbook/domain/webhooks'
import type { Db } from '../../db/client'
import { readSetting, readSettingWithAuthor, recordAudit, writeSetting } from '../admin/admin-audit'

/**
 * Whether webhooks may reach loopback and private addresses (issue #37 item 2, decision 082): a super
 * admin's choice on /admin/webhooks, read on every webhook created and every delivery run, so a change
 * holds from the next one in every process. Until an admin chooses, WEBHOOKS_ALLOW_PRIVATE decides.
 */
const SETTING = 'webhooks.allowPrivate'

/** The stored choice: kept as { allowPrivate }, as a setting's value is an object. */
function storedChoice(value: unknown): boolean | null {
  const allowPrivate = typeof value === 'object' && value !== null ? (value as { allowPrivate?: unknown }).allowPrivate : undefined
  return typeof allowPrivate === 'boolean' ? allowPrivate : null
}

export async function readWebhookSettings(db: Db, deploymentDefault: boolean): Promise<WebhookSettings> {
  const row = await readSettingWithAuthor(db, SETTING)
  const chosen = row ? storedChoice(row.value) : null
  return {
    allowPrivate: chosen ?? deploymentDefault,
    deploymentDefault,
    changedBy: chosen === null ? null : (row?.updatedByName ?? null),
    changedAt: chosen === null ? null : (row?.updatedAt.toISOString() ?? null),
  }
}

/** Whether private addresses are allowed now. */
export async function privateAddressesAllowed(db: Db, deploymentDefault: boolean): Promise<boolean> {
  return storedChoice(await readSetting<unknown>(db, SETTING, null)) ?? deploymentDefault
}

export async function setWebhookSettings(db: Db, { actorId, allowPrivate, deploymentDefault }: { actorId: string; allowPrivate: boolean; deploymentDefault: boolean }): Promise<WebhookSettings> {
  await db.transaction(async (tx) => {
    const before = await privateAddressesAllowed(tx, deploymentDefault)
    await writeSetting(tx, SETTING, { allowPrivate }, actorId)
    await recordAudit(tx, { actorId, targetUserId: null, action: 'webhooks.allowPrivate', before: { allowPrivate: before }, after: { allowPrivate } })
  })
  return readWebhookSettings(db, deploymentDefault)
}
