import { expect, test } from './fixtures'
import { completeListing, pngOf, publishListing, uniqueStreet } from './listings'

/**
 * What a first visit gets before any script runs, and the photos' sizes: the public pages come as
 * HTML with their content (prerendered at build) and are hydrated without a mismatch (the fixture
 * fails a test on React's hydration errors); listing photos reserve their box and offer WebP copies.
 */

const PRERENDERED = ['/', '/how-it-works', '/about-us', '/offers-optimized', '/the-team', '/terms', '/boilerplate']

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')

for (const path of PRERENDERED) {
  test(`${path} comes with its heading in the HTML and keeps it when the page comes to life`, async ({ page, request }) => {
    // The raw answer, as a crawler or a slow phone gets it before any script runs.
    const raw = await request.get(path, { headers: { accept: 'text/html' } })
    expect(raw.status()).toBe(200)
    expect(raw.headers()['cache-control']).toBe('no-cache')
    const html = await raw.text()
    const root = html.slice(html.indexOf('<div id="root">'))
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)
    expect(heading, 'an h1 inside #root').not.toBeNull()

    await page.goto(path)
    const shown = page.getByRole('heading', { level: 1 })
    await expect(shown).toBeVisible()
    // The same heading the app shows once its script has run: the prerender is the real page.
    expect(textOf(heading![1]!).trim()).toBe((await shown.innerText()).trim())
    // Hydrated: the page answers clicks (the header's link leads home without a reload).
    await page.getByRole('link', { name: 'Offerbook', exact: true }).first().click()
    await expect(page).toHaveURL(/\/$/)
  })
}

test('a property page reserves its photos\' boxes and offers WebP copies at several widths; search cards too', async ({ page, request }) => {
  const streetName = uniqueStreet('Dogwood')
  const listing = await publishListing(request, {
    fields: completeListing({ StreetName: streetName }),
    photos: [pngOf(120, 80, [30, 90, 160]), pngOf(120, 80, [160, 90, 30])],
  })
  await page.goto(`/property/${listing.id}`)
  const photos = page.locator('img[srcset]')
  await expect(photos.first()).toBeVisible()
  const attributes = await photos.evaluateAll((images) =>
    images.map((image) => ({
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      srcset: image.getAttribute('srcset') ?? '',
      sizes: image.getAttribute('sizes'),
      fetchPriority: image.getAttribute('fetchpriority'),
      loading: image.getAttribute('loading'),
    })),
  )
  expect(attributes.length).toBeGreaterThanOrEqual(3)
  for (const image of attributes) {
    expect(Number(image.width)).toBeGreaterThan(0)
    expect(Number(image.height)).toBeGreaterThan(0)
    expect(image.srcset).toMatch(/\?w=320 320w/)
    expect(image.sizes).toBeTruthy()
  }
  // The large photo is asked for first; the thumbnails wait until they are near the screen.
  expect(attributes[0]).toMatchObject({ fetchPriority: 'high', loading: null })
  expect(attributes[0]!.srcset).toContain('?w=1280 1280w')
  expect(attributes.slice(1).every((image) => image.loading === 'lazy')).toBe(true)

  // What the browser picked is a WebP copy, 4:3.
  const picked = await photos.first().evaluate((image) => (image as HTMLImageElement).currentSrc)
  const copy = await request.get(picked)
  expect(copy.headers()['content-type']).toBe('image/webp')
  expect(await photos.first().evaluate((image) => (image as HTMLImageElement).naturalWidth / (image as HTMLImageElement).naturalHeight)).toBeCloseTo(4 / 3, 2)

  await page.goto(`/listings?q=${encodeURIComponent(streetName)}`)
  const card = page.getByTestId('listing-card').filter({ hasText: streetName }).locator('img')
  await expect(card).toHaveAttribute('srcset', /\?w=640 640w/)
  await expect(card).toHaveAttribute('width', '400')
  await expect(card).toHaveAttribute('height', '300')
})
