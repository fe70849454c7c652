import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { expectNoViolations } from './axe'
import { apiToken, expect, test, useAccount } from './fixtures'
import { publishableListing, SELLER_AGENT } from './listings'

type Received = { id: string; body: string; verified: unknown }

/** The payload when its signature checks out with the secret; what was wrong otherwise. */
function verify(secret: string | null, body: string, headers: Record<string, string>): unknown {
  if (!secret) return { refused: 'no secret yet' }
  try {
    return new Webhook(secret).verify(body, headers)
  } catch (error) {
    return { refused: String(error) }
  }
}

/**
 * A brokerage's own receiver on this machine (the journeys' server runs with WEBHOOKS_ALLOW_PRIVATE, as an
 * on-premises back office would): it checks each delivery with the standardwebhooks package and answers 204.
 */
async function receiver(secret: () => string | null) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({ id: String(request.headers['webhook-id']), body, verified: verify(secret(), body, request.headers as Record<string, string>) })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/offerbook-events`, close: () => new Promise((resolve) => server.close(resolve)) }
}

// The second journey turns private addresses off for the whole server a moment: the first must not add its webhook meanwhile.
test.describe.configure({ mode: 'serial' })

test('an agent adds a webhook on the profile, gets a signed delivery, reads it in the log and has it sent again', async ({ page }) => {
  let secret: string | null = null
  const hook = await receiver(() => secret)
  const token = await apiToken(page.request, SELLER_AGENT)
  const headers = { authorization: `Bearer ${token}` }
  let draftId: string | null = null
  try {
    await useAccount(page, SELLER_AGENT)
    await page.goto('/profile')
    const form = page.getByRole('form', { name: 'Add a webhook' })
    // Nothing chosen: the form says what is missing and adds nothing.
    await form.getByRole('textbox', { name: /^Endpoint address/ }).fill(hook.url)
    await form.getByRole('button', { name: 'Add webhook' }).click()
    await expect(form.getByText('Choose at least one event')).toBeVisible()
    await expect(page.getByRole('listitem', { name: hook.url })).toHaveCount(0)

    await form.getByRole('checkbox', { name: 'Listing created' }).check()
    await form.getByRole('button', { name: 'Add webhook' }).click()
    const shown = page.getByRole('textbox', { name: 'Signing secret' })
    await expect(shown).toHaveValue(/^whsec_/)
    secret = await shown.inputValue()
    await expectNoViolations(page, 'the profile with a new webhook')
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(shown).toHaveCount(0)
    const endpoint = page.getByRole('listitem', { name: hook.url })
    await expect(endpoint.getByText('Listing created')).toBeVisible()

    // The agent starts a listing: the receiver gets listing.created, signed with that secret.
    const created = await page.request.post('/api/listings', { headers, data: publishableListing() })
    expect(created.status(), await created.text()).toBe(201)
    draftId = ((await created.json()) as { listing: { id: string } }).listing.id
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBe(1)
    const [first] = hook.received
    expect(first!.verified).toMatchObject({ type: 'listing.created', data: { resource: 'Property', key: draftId } })

    // The log shows it delivered, with the receiver's answer.
    await endpoint.getByRole('button', { name: 'Show deliveries' }).click()
    const log = endpoint.getByRole('table', { name: `Deliveries to ${hook.url}` })
    await expect(log.getByRole('row').filter({ hasText: 'Listing created' })).toContainText('Delivered')
    await expect(log.getByRole('row').filter({ hasText: 'Listing created' })).toContainText(': 204')

    // Sent again on request, with the same webhook-id, so the receiver can tell it is the same event.
    await log.getByRole('button', { name: 'Redeliver' }).click()
    await expect(page.getByText('The delivery will be sent again')).toBeVisible()
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBe(2)
    expect(hook.received[1]!.id).toBe(first!.id)
    expect(hook.received[1]!.verified).toMatchObject({ type: 'listing.created' })
    // The log follows by itself: two attempts, both answered.
    await expect(log.getByText(/: 204$/)).toHaveCount(2, { timeout: 20_000 })

    // Deleted after a confirmation: nothing more is sent to it.
    await endpoint.getByRole('button', { name: `Delete the webhook ${hook.url}` }).click()
    await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Webhook deleted')).toBeVisible()
    await expect(page.getByRole('listitem', { name: hook.url })).toHaveCount(0)
  } finally {
    if (draftId) expect((await page.request.delete(`/api/listings/${draftId}`, { headers })).status()).toBeLessThan(300)
    await hook.close()
  }
})

test('a super admin refuses private addresses on /admin/webhooks, and an agent adding a loopback webhook is told why', async ({ page, browser, baseURL }) => {
  const adminToken = await apiToken(page.request, 'super-admin@example.com')
  const setting = (allowPrivate: boolean) => page.request.put('/api/admin/settings/webhooks', { headers: { authorization: `Bearer ${adminToken}` }, data: { allowPrivate } })
  try {
    await useAccount(page, 'super-admin@example.com')
    await page.goto('/admin/webhooks')
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible()
    const form = page.getByRole('form', { name: 'Private addresses for webhooks' })
    // This server runs with WEBHOOKS_ALLOW_PRIVATE, or an earlier run chose: either way they are allowed now.
    await expect(form.getByRole('status')).toHaveText('Private addresses are allowed.')
    await expectNoViolations(page, '/admin/webhooks')
    await form.getByRole('switch', { name: 'Allow webhooks to private addresses' }).press('Space')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('The webhook setting is saved.')).toBeVisible()
    await expect(form.getByRole('status')).toHaveText('Private addresses are refused.')
    await expect(form.getByText(/^Chosen by .+ on /)).toBeVisible()

    const agent = await (await browser.newContext({ baseURL })).newPage()
    await useAccount(agent, SELLER_AGENT)
    await agent.goto('/profile')
    const add = agent.getByRole('form', { name: 'Add a webhook' })
    await add.getByRole('textbox', { name: /^Endpoint address/ }).fill('http://127.0.0.1:9/offerbook-events')
    await add.getByRole('checkbox', { name: 'Listing created' }).check()
    await add.getByRole('button', { name: 'Add webhook' }).click()
    await expect(add.getByText('This address is on a private network; webhooks go only to public addresses here')).toBeVisible()
    await expect(agent.getByRole('listitem', { name: 'http://127.0.0.1:9/offerbook-events' })).toHaveCount(0)
    await agent.context().close()

    // An admin who is not a super admin neither sees the page nor may change the setting.
    const admin = await apiToken(page.request, 'admin@example.com')
    expect((await page.request.put('/api/admin/settings/webhooks', { headers: { authorization: `Bearer ${admin}` }, data: { allowPrivate: true } })).status()).toBe(403)
  } finally {
    expect((await setting(true)).status()).toBe(200)
  }
})
