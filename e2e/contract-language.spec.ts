import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'

const section = (page: Page) => page.getByRole('region', { name: 'Contract language', exact: true })
const picker = (page: Page, name: 'Stipulations' | 'Additional contract language (RF707)') => section(page).getByRole('region', { name, exact: true })
const importedText = (region: Locator) => region.getByRole('status', { name: 'Imported text' })

/** The preview's words as one run: line numbers dropped, the layout's line breaks read as spaces. */
async function previewText(dialog: Locator): Promise<string> {
  const lines = await dialog.getByRole('region', { name: 'Preview of the RF707 document' }).getByRole('listitem').allTextContents()
  return lines
    .map((line) => line.slice(5))
    .join(' ')
    .replace(/\s+/g, ' ')
}

test.beforeEach(async ({ page }) => {
  await page.goto('/kitchen-sink')
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen sink' })).toBeVisible()
})

test('stipulations: tick, fill, Import and see the text; GENERATE then EDIT reopens with the choices', async ({ page }) => {
  const stipulations = picker(page, 'Stipulations')
  await expect(importedText(stipulations)).toHaveText('(nothing imported yet)')
  await stipulations.getByRole('button', { name: 'GENERATE' }).click()

  const dialog = page.getByRole('dialog', { name: 'Stipulations' })
  await expect(dialog.getByRole('checkbox')).toHaveCount(40)
  const percent = dialog.getByRole('textbox', { name: 'Clause A: Percent of the purchase price' })
  const most = dialog.getByRole('textbox', { name: 'Clause A: Most Seller will pay (dollars)' })
  await expect(percent).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  // The focus stays in the dialog, forwards and backwards.
  for (const key of ['Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key)
    await expect(dialog.locator(':focus')).toHaveCount(1)
  }

  await dialog.getByRole('checkbox', { name: "A. Seller pays Buyer's expenses" }).check()
  await expect(percent).toBeEnabled()
  await percent.fill('3')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields')
  await expect(most).toHaveAttribute('aria-invalid', 'true')
  await expect(most).toBeFocused()
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible()
  // The line clears by itself after 3 seconds; the field stays marked until it is filled.
  await expect(dialog.getByRole('alert')).toHaveText('', { timeout: 6000 })
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible()

  await most.fill('5,000.50')
  await most.blur()
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(0)
  await dialog.getByRole('checkbox', { name: 'R. Pools' }).check()
  await dialog.getByRole('textbox', { name: 'Clause R: Days for the pool inspection' }).fill('7')
  await dialog.getByRole('checkbox', { name: 'B1. Inspection costs' }).check()
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog).toBeHidden()

  const text = importedText(stipulations)
  await expect(text).toContainText('At Closing, Seller shall pay 3% of the Purchase Price, but not more than $5,000.50 in all')
  await expect(text).toContainText('inspected within 7 days after the Binding Agreement Date')
  await expect(text).toContainText('Buyer shall pay for every inspection Buyer orders')
  expect((await text.textContent())?.split('\n')).toHaveLength(3)

  await stipulations.getByRole('button', { name: 'EDIT' }).click()
  await expect(dialog.getByRole('checkbox', { name: "A. Seller pays Buyer's expenses" })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'B1. Inspection costs' })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'B. Reduction in price in lieu of repairs' })).not.toBeChecked()
  await expect(percent).toHaveValue('3')
  await expect(most).toHaveValue('5,000.50')

  // Changes left by Close or Escape are not saved.
  await dialog.getByRole('checkbox', { name: 'R. Pools' }).uncheck()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(text).toContainText('inspected within 7 days')
  await stipulations.getByRole('button', { name: 'EDIT' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'R. Pools' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()
})

test('stipulations: a typed field says what is wrong with its value, and a value is shown as the text typed', async ({ page }) => {
  await picker(page, 'Stipulations').getByRole('button', { name: 'GENERATE' }).click()
  const dialog = page.getByRole('dialog', { name: 'Stipulations' })
  await dialog.getByRole('checkbox', { name: 'C. Assessments or liens' }).check()
  await dialog.getByRole('checkbox', { name: 'N1. Selling Broker compensation' }).check()
  const percent = dialog.getByRole('textbox', { name: 'Clause N1: Percent of the purchase price' })
  await percent.fill('150')
  await percent.blur()
  await expect(dialog.getByText('A percent cannot be more than 100')).toBeVisible()
  await percent.fill('2.5')
  await dialog.getByRole('textbox', { name: 'Clause N1: Plus a sum (dollars)' }).fill('0')
  await dialog.getByRole('textbox', { name: 'Clause C: What it is for' }).fill('<img src=x onerror=alert(1)> sewer')
  await dialog.getByRole('textbox', { name: 'Clause C: Imposed by' }).fill('Metro <b>Water</b>')
  await dialog.getByRole('textbox', { name: 'Clause C: Paid by (Buyer or Seller)' }).fill('Seller')
  await expectNoViolations(page, 'the stipulation modal with its fields filled')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog).toBeHidden()
  const text = importedText(picker(page, 'Stipulations'))
  await expect(text).toContainText('for <img src=x onerror=alert(1)> sewer, imposed by Metro <b>Water</b>.')
  await expect(text).toContainText("compensation of 2.5% of the Purchase Price plus $0.")
  await expect(text.locator('img, b')).toHaveCount(0)
})

test('the addendum: its preview follows the typing on 6 pages of 287 numbered lines, and Import saves the text', async ({ page }) => {
  const addendum = picker(page, 'Additional contract language (RF707)')
  await addendum.getByRole('button', { name: 'GENERATE' }).click()
  const dialog = page.getByRole('dialog', { name: 'ADDITIONAL CONTRACT LANGUAGE' })
  await expect(dialog.getByRole('checkbox')).toHaveCount(15)
  const preview = dialog.getByRole('region', { name: 'Preview of the RF707 document' })
  await expect(preview.getByRole('listitem')).toHaveCount(287)
  for (const number of [1, 2, 3, 4, 5, 6]) {
    const sheet = preview.getByRole('region', { name: `Page ${number} of 6`, exact: true })
    await expect(sheet.getByText(`Page ${number} of 6`, { exact: true })).toBeVisible()
    await expect(sheet.getByText('RF707 - Additional Contract Language - Version 01/01/2024')).toBeVisible()
  }
  await expect(preview.getByRole('listitem').first()).toHaveText(/^\s*1\s+ADDITIONAL CONTRACT LANGUAGE$/)
  await expect(preview.getByRole('listitem').last()).toHaveText(/^287\s+Seller/)
  expect(await previewText(dialog)).toContain('D. [ ] Square-footage contingency.')

  await dialog.getByRole('checkbox', { name: 'D. Square-footage contingency' }).check()
  await dialog.getByRole('textbox', { name: 'Clause D: Least living area (square feet)' }).fill('1,850')
  await dialog.getByRole('textbox', { name: 'Clause D: Days to measure' }).fill('10')
  await dialog.getByRole('checkbox', { name: 'N. Additional clause 1' }).check()
  await dialog.getByRole('textbox', { name: 'Clause N: Language to add, in your own words' }).fill('Seller leaves the washer and dryer.')
  await expect.poll(() => previewText(dialog)).toContain('D. [X] Square-footage contingency. This Agreement is contingent on the heated and cooled living area of the Property being at least 1,850 square feet.')
  await expect.poll(() => previewText(dialog)).toContain('N. [X] Additional clause 1. Seller leaves the washer and dryer.')
  await expect(preview.getByRole('listitem')).toHaveCount(287)
  await expect(preview.locator('strong', { hasText: '1,850' })).toBeVisible()
  await expectNoViolations(page, 'the addendum modal')

  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog).toBeHidden()
  await expect(importedText(addendum)).toContainText('at least 1,850 square feet')
  await expect(importedText(addendum)).toContainText('Seller leaves the washer and dryer.')

  await addendum.getByRole('button', { name: 'EDIT' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'D. Square-footage contingency' })).toBeChecked()
  await expect(dialog.getByRole('textbox', { name: 'Clause D: Days to measure' })).toHaveValue('10')
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()
})

test('the addendum: a visitor who is not signed in is told why the PDF cannot be downloaded', async ({ page }) => {
  await picker(page, 'Additional contract language (RF707)').getByRole('button', { name: 'GENERATE' }).click()
  const dialog = page.getByRole('dialog', { name: 'ADDITIONAL CONTRACT LANGUAGE' })
  await dialog.getByRole('checkbox', { name: 'M. Pool information' }).check()
  await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeDisabled()
  await expect(dialog.getByText('Sign in to download the PDF of this addendum.')).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in?redirect=%2Fkitchen-sink')
})

test('the addendum: a signed-in user downloads the PDF of the choices', async ({ page }) => {
  await useAccount(page, 'buyer-agent@example.com')
  await page.goto('/kitchen-sink')
  await picker(page, 'Additional contract language (RF707)').getByRole('button', { name: 'GENERATE' }).click()
  const dialog = page.getByRole('dialog', { name: 'ADDITIONAL CONTRACT LANGUAGE' })
  await dialog.getByRole('checkbox', { name: 'I. Radon' }).check()
  await dialog.getByRole('button', { name: 'Download PDF' }).click()
  // An empty blank is marked where it is, and nothing is asked of the server.
  const days = dialog.getByRole('textbox', { name: 'Clause I: Days to test' })
  await expect(days).toHaveAttribute('aria-invalid', 'true')
  await days.fill('10')

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()])
  expect(download.suggestedFilename()).toMatch(/^RF707-\d{4}-\d{2}-\d{2}\.pdf$/)
  const path = await download.path()
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(bytes.length).toBeGreaterThan(1000)
  await expect(dialog).toBeVisible()
})
