import type { Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, typeInto, useAccount } from './fixtures'
import { pngOf } from './listings'

const OWNER = 'seller-owner@example.com'

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name })
const next = (page: Page) => page.getByRole('button', { name: 'Next' })

test('a seller enters a listing step by step, uploads and orders photos, and publishes it', async ({ page, baseURL }) => {
  // Six steps, photo uploads and their variants: over a minute on two busy cores.
  test.slow()
  await useAccount(page, OWNER)
  await page.goto('/add-listing')
  await expect(page.getByRole('heading', { name: 'Add a listing', level: 1 })).toBeVisible()
  // Importing from an MLS is for agents only.
  await expect(page.getByRole('link', { name: 'Import from the MLS' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Enter a new listing' }).click()
  await expect(page).toHaveURL(`${baseURL}/add-listing/new/pricing`)

  // Pricing: a price is needed, and one under the minimum is corrected with its hint.
  const price = page.getByRole('spinbutton', { name: /^List price/ })
  await next(page).click()
  await expect(page.getByText('Required', { exact: true })).toBeVisible()
  await price.fill('500')
  await price.blur()
  await expect(page.getByText('Min of $1,000.00')).toBeVisible()
  await expect(price).toHaveValue('1,000')
  await price.fill('389000')
  await next(page).click()

  // Details: the first Next created the draft, whose id is now in the address.
  await expect(page).toHaveURL(/\/add-listing\/new\/details\?id=[0-9a-f-]{36}$/)
  const id = new URL(page.url()).searchParams.get('id')!
  await expect(stepHeading(page, 'Property details')).toBeFocused()
  await expect(page.getByRole('textbox', { name: /^State/ })).toHaveValue('TN')
  await page.getByRole('textbox', { name: /^Street number/ }).fill('1200')
  await page.getByRole('textbox', { name: /^Street name/ }).fill('Magnolia')
  await page.getByRole('textbox', { name: /^Street suffix/ }).fill('Ave')
  await page.getByRole('textbox', { name: /^City/ }).fill('Nashville')
  await page.getByRole('textbox', { name: /^ZIP code/ }).fill('372')
  await page.getByRole('textbox', { name: /^ZIP code/ }).blur()
  await expect(page.getByText('Enter a 5-digit ZIP code')).toBeVisible()
  await page.getByRole('textbox', { name: /^ZIP code/ }).fill('37212')
  await page.getByRole('combobox', { name: /^Property type/ }).selectOption({ label: 'Residential' })
  await page.getByRole('spinbutton', { name: /^Bedrooms/ }).fill('3')
  await page.getByRole('spinbutton', { name: /^Bathrooms/ }).fill('2')
  await page.getByRole('textbox', { name: /^Living area/ }).fill('1,850')
  await page.getByRole('textbox', { name: /^Lot size/ }).fill('0.25')
  await page.getByRole('textbox', { name: /^Year built/ }).fill('1998')
  await page.getByRole('textbox', { name: /^Description/ }).fill('A bright bungalow near Belmont with a deep back yard.')
  await expect(page.getByText('53 of 4000 characters')).toBeVisible()
  await expectNoViolations(page, 'the details step')

  // The browser's Back saves the step it leaves; Forward shows what was entered.
  await page.goBack()
  await expect(page).toHaveURL(`${baseURL}/add-listing/new/pricing?id=${id}`)
  await expect(price).toHaveValue('389,000')
  await page.goForward()
  await expect(page).toHaveURL(`${baseURL}/add-listing/new/details?id=${id}`)
  await expect(page.getByRole('textbox', { name: /^City/ })).toHaveValue('Nashville')
  await expect(page.getByRole('textbox', { name: /^Living area/ })).toHaveValue('1850')
  // A reload finds it all again from the saved draft, and what was typed since, unsaved, from the tab.
  const lotSize = page.getByRole('textbox', { name: /^Lot size/ })
  await lotSize.fill('0.3')
  page.once('dialog', (dialog) => void dialog.accept())
  await page.reload()
  await expect(page.getByRole('textbox', { name: /^Street name/ })).toHaveValue('Magnolia')
  await expect(page.getByText('Your unsaved changes are back')).toBeVisible()
  await expect(lotSize).toHaveValue('0.3')
  await next(page).click()

  // Photos: a wrong file is refused before sending; two PNGs upload with their progress.
  await expect(stepHeading(page, 'Photos')).toBeVisible()
  const chooser = page.getByLabel('Choose photos to upload')
  await chooser.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(page.getByText('Not uploaded: The photo must be a JPEG, PNG or WebP image')).toBeVisible()
  await chooser.setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: pngOf(64, 48, [200, 120, 40]) },
    { name: 'garden.png', mimeType: 'image/png', buffer: pngOf(64, 48, [40, 160, 60]) },
  ])
  await expect(page.getByRole('progressbar', { name: 'Upload of front.png' })).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByRole('progressbar', { name: 'Upload of garden.png' })).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2)
  const photos = page.getByRole('list', { name: 'Photos of the listing' })
  await expect(photos.getByRole('listitem')).toHaveCount(2)
  await expect(photos.getByRole('listitem', { name: 'Photo 1, primary photo' }).getByRole('img', { name: 'Photo 1: front.png' })).toBeVisible()

  // The garden photo becomes the primary one, then is moved back later, all from the keyboard.
  await page.getByRole('button', { name: 'Make photo 2 the primary photo' }).focus()
  await page.keyboard.press('Enter')
  await expect(photos.getByRole('listitem', { name: 'Photo 1, primary photo' }).getByRole('img', { name: 'Photo 1: garden.png' })).toBeVisible()
  await page.getByRole('button', { name: 'Move photo 1 later' }).focus()
  await page.keyboard.press('Enter')
  await expect(photos.getByRole('img', { name: 'Photo 1: front.png' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Move photo 2 earlier' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(photos.getByRole('img', { name: 'Photo 1: garden.png' })).toBeVisible()
  await expectNoViolations(page, 'the photos step')
  await next(page).click()

  // Listing agent: a seller on their own enters the agent's details.
  await expect(stepHeading(page, 'Listing agent')).toBeVisible()
  await page.getByRole('textbox', { name: /^Listing agent name/ }).fill('Lena Listing')
  await page.getByRole('textbox', { name: /^Listing agent email/ }).fill('lena@example.com')
  await typeInto(page.getByRole('textbox', { name: /^Listing agent phone/ }), '6155550123')
  await page.getByRole('textbox', { name: /^Listing agent MLS ID/ }).fill('TN-123456')
  await page.getByRole('textbox', { name: /^Brokerage firm/ }).fill('Music City Realty')
  await page.getByRole('textbox', { name: /^Firm license number/ }).fill('FRM-2611')
  await next(page).click()

  // Offer settings; leaving them unsaved for another page asks first.
  await expect(stepHeading(page, 'Offer settings')).toBeVisible()
  const nextYear = new Date().getFullYear() + 1
  await page.getByRole('textbox', { name: 'Offer deadline: date' }).fill(`${nextYear}-03-14`)
  await page.getByRole('textbox', { name: 'Offer deadline: time' }).fill('0500PM')
  await page.getByRole('checkbox', { name: 'Proof of funds' }).check()
  await page.getByRole('checkbox', { name: 'Pre-approval letter' }).check()
  await page.getByRole('textbox', { name: /^Instructions for buyers/ }).fill('Send offers with proof of funds.')
  await page.getByRole('link', { name: 'My Listings' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(`${baseURL}/add-listing/new/offer-settings?id=${id}`)
  await expect(page.getByRole('checkbox', { name: 'Proof of funds' })).toBeChecked()
  await next(page).click()

  // Review: everything is there, with Edit links; publish.
  await expect(stepHeading(page, 'Review and publish')).toBeVisible()
  await expect(page.getByText('Everything needed is entered. You can publish the listing.')).toBeVisible()
  await expect(page.getByText('$389,000')).toBeVisible()
  await expect(page.getByText('1200 Magnolia Ave, Nashville, TN 37212')).toBeVisible()
  await expect(page.getByText('2 photos')).toBeVisible()
  await expect(page.getByText('Pre-approval letter, Proof of funds')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Edit Photos' })).toHaveAttribute('href', `/add-listing/new/photos?id=${id}`)
  await expectNoViolations(page, 'the review step')
  await page.getByRole('button', { name: 'Publish listing' }).click()
  await expect(page.getByText('The listing is published')).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/my-properties/${id}/edit-listing`)

  // Anyone can now open it, with the photos in the chosen order.
  const res = await page.request.get(`/api/properties/${id}`)
  expect(res.status()).toBe(200)
  const { property } = (await res.json()) as { property: { StandardStatus: string; ListPrice: number; UnparsedAddress: string; Media: { filename: string }[]; offerPreferences: string[] } }
  expect(property.StandardStatus).toBe('Active')
  expect(property.ListPrice).toBe(389000)
  expect(property.UnparsedAddress).toBe('1200 Magnolia Ave, Nashville, TN 37212')
  expect(property.Media.map((photo) => photo.filename)).toEqual(['garden.png', 'front.png'])
  expect([...property.offerPreferences].sort()).toEqual(['preApprovalLetter', 'proofOfFunds'])

  // The same fields on one page in My Listings: a change is saved with one Save.
  const edit = page.getByRole('form', { name: 'Edit listing' })
  await expect(edit.getByRole('textbox', { name: /^City/ })).toHaveValue('Nashville')
  await edit.getByRole('spinbutton', { name: /^List price/ }).fill('379000')
  await expect(edit.getByText('1 field has unsaved changes')).toBeVisible()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('The listing was saved')).toBeVisible()
  await expect(edit.getByText('All changes are saved')).toBeVisible()
  const after = (await (await page.request.get(`/api/properties/${id}`)).json()) as { property: { ListPrice: number } }
  expect(after.property.ListPrice).toBe(379000)
})

test('an unfinished draft is listed on Add Listing and continues where it was left', async ({ page, baseURL }) => {
  await useAccount(page, OWNER)
  await page.goto('/add-listing/new/pricing')
  await page.getByRole('spinbutton', { name: /^List price/ }).fill('275000')
  await next(page).click()
  await expect(page).toHaveURL(/\/add-listing\/new\/details\?id=/)
  const id = new URL(page.url()).searchParams.get('id')!
  await page.getByRole('textbox', { name: /^Street number/ }).fill('88')
  await page.getByRole('textbox', { name: /^Street name/ }).fill('Cumberland')
  await page.getByRole('textbox', { name: /^City/ }).fill('Clarksville')
  await next(page).click()
  await expect(stepHeading(page, 'Photos')).toBeVisible()

  await page.goto('/add-listing')
  const drafts = page.getByRole('list', { name: 'Your unfinished drafts' })
  await drafts.getByRole('link', { name: /^Continue 88 Cumberland, Clarksville/ }).click()
  await expect(page).toHaveURL(`${baseURL}/add-listing/new/photos?id=${id}`)

  // Review lists what is missing, each with the step that fixes it; the draft can be deleted.
  await page.getByRole('button', { name: /Step 6 of 6: Review and publish/ }).click()
  await expect(stepHeading(page, 'Review and publish')).toBeVisible()
  const problems = page.getByRole('region', { name: 'Before you can publish' })
  await expect(problems.getByText('Photos: Add at least one photo before publishing.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish listing' })).toBeDisabled()
  await page.getByRole('button', { name: 'Delete draft' }).click()
  await page.getByRole('dialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete draft' }).click()
  await expect(page.getByText('The draft was deleted')).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/add-listing`)
  await page.goto(`/add-listing/new/review?id=${id}`)
  await expect(page.getByRole('heading', { name: 'Draft not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Start a new listing' }).click()
  await expect(page).toHaveURL(`${baseURL}/add-listing/new/pricing`)
})

test('an agent is offered the MLS import next to a new listing', async ({ page, baseURL }) => {
  await useAccount(page, 'seller-agent@example.com')
  await page.goto('/add-listing')
  await page.getByRole('link', { name: 'Import from the MLS' }).click()
  await expect(page).toHaveURL(`${baseURL}/add-listing/import/list`)
})
