import type { APIRequestContext } from '@playwright/test'
import { expectNoViolations } from './axe'
import { apiToken, expect, pageSignedInAs, test } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'

/**
 * Issue #14 item 5 in two browsers at once: a guest on a property page of Lena Listing's writes to
 * her through the chat widget; Lena, signed in elsewhere, sees the unread badge and the conversation
 * arrive live, answers from her inbox at /notifications/messages, and the guest sees the answer
 * without a reload.
 */

async function lenasUnread(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/chat/conversations', { headers: { Authorization: `Bearer ${await apiToken(request, SELLER_AGENT)}` } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { unread: number }).unread
}

const launcherName = (unread: number) => (unread === 0 ? 'Chat with us' : `Chat with us (${unread} unread message${unread === 1 ? '' : 's'})`)

test('a guest on a property page chats with the listing agent, each side live', async ({ page, browser }) => {
  // Two browsers, two axe runs and a reload: more than one page's worth of the default time.
  test.setTimeout(240_000)
  const listing = await publishListing(page.request, { fields: publishableListing({ ListPrice: 512_000 }), photos: [pngOf(8, 6, [90, 60, 120])] })
  const before = await lenasUnread(page.request)

  // Lena, in a context of her own, has her inbox open with her live stream connected.
  const lena = await pageSignedInAs(browser, SELLER_AGENT)
  const lenaStream = lena.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200)
  await lena.goto('/notifications/messages')
  await expect(lena.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
  await lenaStream
  await expect(lena.getByRole('button', { name: launcherName(before), exact: true })).toBeVisible()

  // The guest opens the widget on the property page: it names the listing agent and asks who they are.
  await page.goto(`/property/${listing.id}`)
  const launcher = page.getByRole('button', { name: 'Chat with the listing agent' })
  await launcher.click()
  const panel = page.getByRole('dialog', { name: 'Chat with the listing agent' })
  await expect(panel).toBeFocused()
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth/sign-in?redirect=${encodeURIComponent(`/property/${listing.id}`)}`)
  await panel.getByRole('button', { name: 'Start the chat' }).click()
  await expect(panel.getByText('Required')).toHaveCount(2)
  await panel.getByRole('textbox', { name: /Your name/ }).fill('Gina Guest')
  await panel.getByRole('textbox', { name: /Your email/ }).fill('gina.guest@example.com')
  const guestStream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200)
  await panel.getByRole('button', { name: 'Start the chat' }).click()
  const box = panel.getByRole('textbox', { name: 'Your message' })
  await expect(box).toBeVisible()
  await guestStream

  const question = 'Is the house still available? <b>not bold</b>'
  await box.fill(question)
  await box.press('Enter')
  const guestLog = panel.getByRole('log', { name: 'Messages' })
  await expect(guestLog).toContainText(question)
  await expect(guestLog.locator('b')).toHaveCount(0)
  await expect(box).toHaveValue('')
  await expectNoViolations(page, 'the open chat widget')

  // Lena's badge and inbox follow without a reload.
  await expect(lena.getByRole('button', { name: launcherName(before + 1), exact: true })).toBeVisible()
  const item = lena.getByRole('button', { name: /^Gina Guest, .*1 unread message$/ })
  await expect(item).toBeVisible()
  await item.click()
  await expect(lena).toHaveURL(/\/notifications\/messages\?c=/)
  const lenaLog = lena.getByRole('log', { name: 'Messages' })
  await expect(lenaLog).toContainText(question)
  // Read on screen: the badge goes back.
  await lena.bringToFront()
  await expect(lena.getByRole('button', { name: launcherName(before), exact: true })).toBeVisible()
  await expectNoViolations(lena, 'the chat inbox')

  const reply = lena.getByRole('textbox', { name: 'Your message to Gina Guest' })
  await reply.fill('Yes, it is!\nWould you like a tour on Saturday?')
  await reply.press('Enter')
  await expect(lenaLog).toContainText('Would you like a tour on Saturday?')

  // The guest sees the answer arrive, under Lena's name.
  const answer = guestLog.getByRole('listitem').filter({ hasText: 'Would you like a tour on Saturday?' })
  await expect(answer).toContainText('Lena Listing')
  await expect(guestLog.getByRole('listitem')).toHaveCount(2)

  // Maximized is kept for the session; Esc closes the panel and gives the focus back.
  await panel.getByRole('button', { name: 'Larger chat window' }).click()
  await expect(panel).toHaveAttribute('data-maximized', 'true')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(launcher).toBeFocused()
  await page.reload()
  await page.getByRole('button', { name: 'Chat with the listing agent' }).click()
  const reopened = page.getByRole('dialog', { name: 'Chat with the listing agent' })
  await expect(reopened).toHaveAttribute('data-maximized', 'true')
  await expect(reopened.getByRole('log')).toContainText('Would you like a tour on Saturday?')

  // A new tab of the same browser (the visitor closed theirs and came back): the conversation is still theirs.
  const later = await page.context().newPage()
  await later.goto(`/property/${listing.id}`)
  await later.getByRole('button', { name: 'Chat with the listing agent' }).click()
  const back = later.getByRole('dialog', { name: 'Chat with the listing agent' })
  await expect(back.getByRole('log', { name: 'Messages' })).toContainText('Would you like a tour on Saturday?')
  await expect(back.getByRole('textbox', { name: /Your name/ })).toHaveCount(0)
  await later.close()

  await lena.context().close()
})
