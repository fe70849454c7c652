import { randomUUID } from 'node:crypto'
import { inArray, like } from 'drizzle-orm'
import type { OfferPreference, PropertyType, StandardStatus } from '@offerbook/domain/listing'
import { OFFER_PREFERENCES, unparsedAddress } from '@offerbook/domain/listing'
import { LISTING_PHOTO_PURPOSE } from '../modules/files/files.service'
import type { FileStorage } from '../storage/storage'
import type { Db } from '../db/client'
import type { DemoPhotoKind } from './demo-photos'
import { DEMO_PHOTO_COUNT, demoPhotoKey, demoPhotoKind } from './demo-photos'
import { storeDemoPhoto } from './demo-photo-files'
import { seededRandom } from './seeded-random'
import { storedFile } from '../db/schema/files'
import { listing, listingMedia } from '../db/schema/listings'
import { user } from '../db/schema/users'
import { listingsChanged } from '../modules/listings/listing-changes'

/**
 * Generated Tennessee listings: made-up street addresses in real cities with their real ZIP codes and
 * counties, prices, rooms and areas that fit the city and the property type, and photos drawn here.
 * Listing number n is decided by n and the seed alone, so every run makes the same listings.
 */

export const DEMO_LISTING_COUNT = 300
export const DEMO_LISTING_KEY_PREFIX = 'DEMO-'
export { DEMO_PHOTO_COUNT, demoPhotoKey } from './demo-photos'

export function demoListingKey(index: number, prefix = DEMO_LISTING_KEY_PREFIX): string {
  return `${prefix}${String(index + 1).padStart(4, '0')}`
}

// ---------------------------------------------------------------------------------------------
// Places

type City = {
  name: string
  county: string
  zips: readonly string[]
  /** Relative share of the listings. */
  weight: number
  /** Typical asking price per square foot of a house in 2025-2026, in dollars (Nashville about 300, Memphis about 130). */
  perSquareFoot: number
  /** The road the description says is near. */
  road: string
  /** Whether condos and townhomes are common. */
  urban: boolean
}

/** Real Tennessee cities with ZIP codes that are theirs and the county they are in. */
export const TN_CITIES: readonly City[] = [
  { name: 'Nashville', county: 'Davidson', zips: ['37203', '37204', '37205', '37206', '37207', '37208', '37209', '37211', '37212', '37214', '37215', '37216', '37217', '37220', '37221'], weight: 40, perSquareFoot: 300, road: 'I-40 and I-65', urban: true },
  { name: 'Franklin', county: 'Williamson', zips: ['37064', '37067', '37069'], weight: 16, perSquareFoot: 380, road: 'I-65 and Mack Hatcher Parkway', urban: false },
  { name: 'Brentwood', county: 'Williamson', zips: ['37027'], weight: 8, perSquareFoot: 430, road: 'I-65 and Maryland Farms', urban: false },
  { name: 'Nolensville', county: 'Williamson', zips: ['37135'], weight: 4, perSquareFoot: 320, road: 'Nolensville Pike', urban: false },
  { name: 'Murfreesboro', county: 'Rutherford', zips: ['37127', '37128', '37129', '37130'], weight: 18, perSquareFoot: 235, road: 'I-24 and Medical Center Parkway', urban: false },
  { name: 'Smyrna', county: 'Rutherford', zips: ['37167'], weight: 7, perSquareFoot: 225, road: 'I-24 and Sam Ridley Parkway', urban: false },
  { name: 'La Vergne', county: 'Rutherford', zips: ['37086'], weight: 4, perSquareFoot: 215, road: 'I-24 and Murfreesboro Road', urban: false },
  { name: 'Hendersonville', county: 'Sumner', zips: ['37075'], weight: 9, perSquareFoot: 265, road: 'Vietnam Veterans Boulevard', urban: false },
  { name: 'Gallatin', county: 'Sumner', zips: ['37066'], weight: 5, perSquareFoot: 245, road: 'Vietnam Veterans Boulevard', urban: false },
  { name: 'Mount Juliet', county: 'Wilson', zips: ['37122'], weight: 7, perSquareFoot: 265, road: 'I-40 and Providence Marketplace', urban: false },
  { name: 'Lebanon', county: 'Wilson', zips: ['37087', '37090'], weight: 4, perSquareFoot: 220, road: 'I-40', urban: false },
  { name: 'Spring Hill', county: 'Maury', zips: ['37174'], weight: 5, perSquareFoot: 245, road: 'Saturn Parkway', urban: false },
  { name: 'Columbia', county: 'Maury', zips: ['38401'], weight: 4, perSquareFoot: 205, road: 'US-31', urban: false },
  { name: 'Clarksville', county: 'Montgomery', zips: ['37040', '37042', '37043'], weight: 16, perSquareFoot: 180, road: 'I-24 and Fort Campbell Boulevard', urban: false },
  { name: 'Knoxville', county: 'Knox', zips: ['37902', '37909', '37912', '37914', '37917', '37918', '37919', '37920', '37921', '37922', '37923', '37931'], weight: 26, perSquareFoot: 230, road: 'I-40 and I-75', urban: true },
  { name: 'Farragut', county: 'Knox', zips: ['37934'], weight: 4, perSquareFoot: 270, road: 'Kingston Pike and I-40', urban: false },
  { name: 'Maryville', county: 'Blount', zips: ['37801', '37803', '37804'], weight: 5, perSquareFoot: 225, road: 'US-321 and Pellissippi Parkway', urban: false },
  { name: 'Oak Ridge', county: 'Anderson', zips: ['37830'], weight: 4, perSquareFoot: 195, road: 'Oak Ridge Turnpike', urban: false },
  { name: 'Sevierville', county: 'Sevier', zips: ['37862', '37876'], weight: 4, perSquareFoot: 260, road: 'the Parkway', urban: false },
  { name: 'Gatlinburg', county: 'Sevier', zips: ['37738'], weight: 3, perSquareFoot: 340, road: 'the Great Smoky Mountains National Park', urban: false },
  { name: 'Chattanooga', county: 'Hamilton', zips: ['37402', '37403', '37404', '37405', '37406', '37411', '37412', '37415', '37416', '37421'], weight: 22, perSquareFoot: 220, road: 'I-24 and I-75', urban: true },
  { name: 'Cleveland', county: 'Bradley', zips: ['37311', '37312', '37323'], weight: 5, perSquareFoot: 190, road: 'I-75 and APD 40', urban: false },
  { name: 'Memphis', county: 'Shelby', zips: ['38103', '38104', '38111', '38112', '38117', '38119', '38120', '38122', '38125', '38128', '38134', '38135'], weight: 30, perSquareFoot: 130, road: 'I-240 and Poplar Avenue', urban: true },
  { name: 'Germantown', county: 'Shelby', zips: ['38138', '38139'], weight: 5, perSquareFoot: 215, road: 'Poplar Avenue and Germantown Parkway', urban: false },
  { name: 'Collierville', county: 'Shelby', zips: ['38017'], weight: 5, perSquareFoot: 215, road: 'Poplar Avenue and SR-385', urban: false },
  { name: 'Bartlett', county: 'Shelby', zips: ['38133'], weight: 4, perSquareFoot: 170, road: 'I-40 and Stage Road', urban: false },
  { name: 'Jackson', county: 'Madison', zips: ['38301', '38305'], weight: 8, perSquareFoot: 140, road: 'I-40 and US-45 Bypass', urban: false },
  { name: 'Johnson City', county: 'Washington', zips: ['37601', '37604', '37615'], weight: 8, perSquareFoot: 205, road: 'I-26 and State of Franklin Road', urban: false },
  { name: 'Kingsport', county: 'Sullivan', zips: ['37660', '37663', '37664'], weight: 6, perSquareFoot: 175, road: 'I-26 and Stone Drive', urban: false },
  { name: 'Bristol', county: 'Sullivan', zips: ['37620'], weight: 3, perSquareFoot: 165, road: 'I-81 and Volunteer Parkway', urban: false },
  { name: 'Morristown', county: 'Hamblen', zips: ['37813', '37814'], weight: 3, perSquareFoot: 170, road: 'US-11E and I-81', urban: false },
  { name: 'Cookeville', county: 'Putnam', zips: ['38501', '38506'], weight: 6, perSquareFoot: 195, road: 'I-40 and Tennessee Tech', urban: false },
  { name: 'Tullahoma', county: 'Coffee', zips: ['37388'], weight: 3, perSquareFoot: 180, road: 'US-41A and Tims Ford Lake', urban: false },
]

const STREET_NAMES = [
  'Magnolia', 'Dogwood', 'Hickory', 'Cedar Ridge', 'Walnut', 'Willow Creek', 'Poplar', 'Sycamore', 'Chestnut', 'Laurel',
  'Holly', 'Red Oak', 'White Oak', 'Maple Leaf', 'Sweetgum', 'Redbud', 'Persimmon', 'Sassafras', 'Buckeye', 'Tulip Poplar',
  'Cumberland', 'Harpeth', 'Duck River', 'Stones River', 'Caney Fork', 'Clinch', 'Holston', 'French Broad', 'Sequatchie', 'Elk River',
  'Volunteer', 'Overton', 'Hermitage', 'Belmont', 'Sevier', 'Crockett', 'Boone', 'Sequoyah', 'Chickasaw', 'Cherokee',
  'Natchez', 'Lookout View', 'Signal', 'Bluebird', 'Mockingbird', 'Cardinal', 'Whippoorwill', 'Foxhall', 'Deer Run', 'Quail Hollow',
  'Meadowbrook', 'Brookside', 'Springhouse', 'Millstone', 'Stonebridge', 'Fairview', 'Hillcrest', 'Ridgeview', 'Lakeshore', 'Riverbend',
  'Haywood', 'Bellwood', 'Glenview', 'Ashford', 'Kingsley', 'Carriage House', 'Old Mill', 'Farmhouse', 'Cotton Gin', 'Tobacco Barn',
  'Bluegrass', 'Fiddlers', 'Banjo', 'Orchard', 'Blackberry', 'Honeysuckle', 'Wisteria', 'Azalea', 'Camellia', 'Gardenia',
] as const

const STREET_SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Rd', 'Ct', 'Way', 'Pl', 'Cir', 'Trl', 'Pike', 'Blvd', 'Pass', 'Run'] as const

/** Made-up subdivisions and condominiums the legal descriptions name. */
const SUBDIVISIONS = ['Magnolia Hills', 'Harpeth Oaks', 'Cedar Ridge', 'Willow Creek', 'Stones River Estates', 'Brookhaven', 'Laurel Park', 'Foxborough', 'Hickory Bend', 'Millstone Farms'] as const
const CONDOMINIUMS = ['The Overton', 'Riverbend Place', 'Belmont Commons', 'Lookout Terrace', 'Haywood Lofts'] as const

type Identification = { parcelNumber: string; deedReference: string; legalDescription: string }

/**
 * The property's public record as a county gives it: a tax map and parcel number, the instrument the
 * seller's deed was recorded as, and a short legal description (a lot on a recorded plat, or a
 * condominium unit), which the purchase agreement prints.
 */
function identificationFor(random: Random, county: string, unit: string | null): Identification {
  const map = String(wholeBetween(random, 1, 180)).padStart(3, '0')
  const group = String(wholeBetween(random, 1, 16)).padStart(2, '0')
  const parcel = `${wholeBetween(random, 1, 399)}.00`
  const recorded = `${wholeBetween(random, 2004, 2024)}${String(wholeBetween(random, 1, 12)).padStart(2, '0')}${String(wholeBetween(random, 1, 28)).padStart(2, '0')}`
  const registersOffice = `Register's Office of ${county} County`
  const book = wholeBetween(random, 1_000, 9_999)
  const page = wholeBetween(random, 1, 400)
  const legalDescription = unit
    ? `Unit ${unit}, ${pick(random, CONDOMINIUMS)}, a Horizontal Property Regime, as established by the Master Deed of record in Book ${book}, Page ${page}, ${registersOffice}, Tennessee, with its undivided interest in the common elements.`
    : `Lot ${wholeBetween(random, 1, 120)}, Section ${wholeBetween(random, 1, 8)}, ${pick(random, SUBDIVISIONS)} subdivision, as recorded in Plat Book ${book}, Page ${page}, ${registersOffice}, Tennessee.`
  return {
    parcelNumber: unit ? `${map} ${group} 0A ${unit}.00` : `${map} ${group} 0 ${parcel}`,
    deedReference: `Instrument No. ${recorded}-${String(wholeBetween(random, 1, 9_999_999)).padStart(7, '0')}, ${registersOffice}`,
    legalDescription,
  }
}

// ---------------------------------------------------------------------------------------------
// People

export type DemoAgent = { fullName: string; email: string; phone: string; mlsId: string; office: string; firmLicenseNumber: string }

/** Made-up agents named on the listings whose owner is the seller themself. */
const OTHER_AGENTS: readonly DemoAgent[] = [
  { fullName: 'Jordan Hayes', email: 'jordan.hayes@example.com', phone: '+16155550142', mlsId: 'TN-318442', office: 'Cumberland Home Partners', firmLicenseNumber: '263118' },
  { fullName: 'Maria Delgado', email: 'maria.delgado@example.com', phone: '+16155550177', mlsId: 'TN-402915', office: 'Riverbend Realty Group', firmLicenseNumber: '257604' },
  { fullName: 'Tyler Whitaker', email: 'tyler.whitaker@example.com', phone: '+18655550128', mlsId: 'TN-227381', office: 'Smoky Ridge Properties', firmLicenseNumber: '249977' },
  { fullName: 'Keisha Morgan', email: 'keisha.morgan@example.com', phone: '+19015550163', mlsId: 'TN-519036', office: 'Bluff City Realty', firmLicenseNumber: '266390' },
  { fullName: 'Caleb Brooks', email: 'caleb.brooks@example.com', phone: '+14235550119', mlsId: 'TN-134870', office: 'Lookout Valley Homes', firmLicenseNumber: '251482' },
  { fullName: 'Hannah Pruitt', email: 'hannah.pruitt@example.com', phone: '+19315550186', mlsId: 'TN-605214', office: 'Highland Rim Realty', firmLicenseNumber: '270031' },
  { fullName: 'Marcus Bell', email: 'marcus.bell@example.com', phone: '+16155550104', mlsId: 'TN-288163', office: 'Music City Home Co.', firmLicenseNumber: '245719' },
  { fullName: 'Emily Tran', email: 'emily.tran@example.com', phone: '+14235550151', mlsId: 'TN-470552', office: 'Tri-Cities Realty Partners', firmLicenseNumber: '258846' },
]

export type DemoSellers = {
  /** SELLER_OWNER: lists their own homes and names an agent. */
  ownerId: string
  /** SELLER_AGENT: lists as the listing agent; their details go on their listings. */
  agentId: string
  agent: DemoAgent
  /** SELLER_SIMPLE: owns a couple, so their /my-properties is not empty. */
  simpleId: string | null
}

// ---------------------------------------------------------------------------------------------
// The generator

type Random = () => number

const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}
const between = (random: Random, min: number, max: number) => min + random() * (max - min)
const wholeBetween = (random: Random, min: number, max: number) => Math.floor(between(random, min, max + 1))

function weighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0)
  let left = random() * total
  for (const item of items) {
    left -= item.weight
    if (left < 0) return item
  }
  return items[items.length - 1] as T
}

/** Prices end the way asking prices do: 424,900 or 1,250,000. */
function askingPrice(value: number): number {
  if (value < 10_000) return Math.max(1_000, Math.round(value / 25) * 25)
  if (value >= 1_000_000) return Math.round(value / 25_000) * 25_000
  return Math.round(value / 5_000) * 5_000 - 100
}

// No leases: their price is a month's rent, and an offer to buy does not fit them.
const TYPES: readonly { type: PropertyType; weight: number }[] = [
  { type: 'Residential', weight: 84 },
  { type: 'ResidentialIncome', weight: 4 },
  { type: 'Land', weight: 7 },
  { type: 'Farm', weight: 3 },
  { type: 'CommercialSale', weight: 2 },
]

/** Most take offers: a visitor's first homes should be ones they can make an offer on. */
const STATUSES: readonly { status: StandardStatus; weight: number }[] = [
  { status: 'Active', weight: 76 },
  { status: 'ComingSoon', weight: 5 },
  { status: 'ActiveUnderContract', weight: 6 },
  { status: 'Pending', weight: 6 },
  { status: 'Closed', weight: 7 },
]

type Facts = {
  price: number
  beds: number
  baths: number
  area: number | null
  lot: number | null
  year: number | null
  unit: string | null
  remarks: string
}

const HOME_FEATURES = [
  'an updated kitchen with quartz counters and a large island',
  'hardwood floors throughout the main level',
  'a screened back porch that overlooks the yard',
  'a primary suite with a walk-in closet and a tiled shower',
  'a bonus room over the garage',
  'a gas fireplace in the family room',
  'new HVAC and a new roof in the last three years',
  'a fenced backyard with mature trees',
  'a covered front porch with room for rocking chairs',
  'an open floor plan with nine-foot ceilings',
  'a two-car garage with built-in storage',
  'a finished basement with a wet bar',
  'a chef’s kitchen with stainless appliances and a gas range',
  'a home office with French doors',
  'fresh paint and new carpet in the bedrooms',
  'a flat, usable lot with a garden bed',
  'energy-efficient windows and a tankless water heater',
  'a deck made for grilling and evenings outside',
] as const

const HOME_STYLES = ['brick ranch', 'craftsman', 'two-story traditional', 'cottage', 'farmhouse-style home', 'split-level', 'bungalow', 'new-construction home', 'Tudor-style home', 'mid-century ranch'] as const
const OPENERS = ['Welcome home to this', 'Charming', 'Move-in ready', 'Beautifully kept', 'Light-filled', 'Well-loved', 'Stylish', 'Spacious'] as const
const CLOSERS = [
  'Showings start this weekend.',
  'Seller is offering a one-year home warranty.',
  'Schedule your private tour today.',
  'Priced to sell; bring your buyers.',
  'Offers reviewed as received.',
  'Pre-inspected; report available on request.',
] as const

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

function homeRemarks(random: Random, city: City, beds: number, kind: string): string {
  const features = shuffled(random, HOME_FEATURES).slice(0, 3)
  return [
    `${pick(random, OPENERS)} ${beds}-bedroom ${kind} in ${city.name}.`,
    `Inside you will find ${features[0]}, ${features[1]} and ${features[2]}.`,
    `Minutes from shopping, parks and dining, with easy access to ${city.road}. Zoned for ${city.county} County schools.`,
    pick(random, CLOSERS),
  ].join(' ')
}

function residentialFacts(random: Random, city: City): Facts {
  const condo = city.urban && random() < 0.22
  if (condo) {
    const beds = wholeBetween(random, 1, 3)
    const area = Math.round(between(random, 650, 1_100) + beds * 250)
    const year = wholeBetween(random, 1985, 2024)
    return {
      price: askingPrice(area * city.perSquareFoot * between(random, 0.9, 1.25)),
      beds,
      baths: Math.max(1, beds - (random() < 0.5 ? 1 : 0)),
      area,
      lot: null,
      year,
      unit: String(wholeBetween(random, 1, 9) * 100 + wholeBetween(random, 1, 24)),
      remarks: `${pick(random, ['Bright', 'Updated', 'Quiet', 'Corner'])} ${beds}-bedroom ${random() < 0.5 ? 'condo' : 'townhome'} in ${city.name} with ${pick(random, ['a private balcony', 'an assigned garage space', 'a rooftop terrace', 'a walk-in pantry'])} and ${pick(random, ['stainless appliances', 'hardwood floors', 'a fresh renovation', 'a split bedroom plan'])}. HOA covers exterior maintenance, landscaping and the pool. Close to ${city.road}. ${pick(random, CLOSERS)}`,
    }
  }
  const beds = weighted(random, [
    { n: 2, weight: 10 },
    { n: 3, weight: 45 },
    { n: 4, weight: 32 },
    { n: 5, weight: 11 },
    { n: 6, weight: 2 },
  ]).n
  const area = Math.round(between(random, 500, 800) * beds + between(random, -150, 600))
  const year = random() < 0.1 ? wholeBetween(random, 2024, 2025) : wholeBetween(random, 1925, 2023)
  const lot = Math.round(between(random, 0.12, beds >= 5 ? 1.6 : 0.75) * 100) / 100
  return {
    price: askingPrice(area * city.perSquareFoot * between(random, 0.85, 1.25) * (year >= 2020 ? 1.08 : 1)),
    beds,
    // One bath fewer than bedrooms or as many; a bath more only in some larger houses.
    baths: Math.max(1, beds - (random() < 0.45 ? 1 : 0) + (beds >= 4 && random() < 0.2 ? 1 : 0)),
    area,
    lot,
    year,
    unit: null,
    remarks: homeRemarks(random, city, beds, year >= 2024 ? 'new-construction home' : pick(random, HOME_STYLES)),
  }
}

function factsFor(type: PropertyType, random: Random, city: City): Facts {
  switch (type) {
    case 'ResidentialIncome': {
      const units = pick(random, [2, 2, 3, 4])
      const area = Math.round(units * between(random, 850, 1_150))
      return {
        price: askingPrice(area * city.perSquareFoot * between(random, 0.75, 1)),
        beds: units * 2,
        baths: units,
        area,
        lot: Math.round(between(random, 0.15, 0.5) * 100) / 100,
        year: wholeBetween(random, 1950, 2015),
        unit: null,
        remarks: `${units === 2 ? 'Duplex' : units === 3 ? 'Triplex' : 'Fourplex'} in ${city.name}, ${units} units of two bedrooms and one bath each, separately metered. Long-term tenants in place; rent roll available on request. Easy access to ${city.road}.`,
      }
    }
    case 'Land': {
      const acres = Math.round(between(random, 0.5, random() < 0.7 ? 6 : 40) * 100) / 100
      return {
        price: askingPrice(Math.max(25_000, acres * between(random, 18_000, 60_000) * (city.perSquareFoot / 220))),
        beds: 0,
        baths: 0,
        area: null,
        lot: acres,
        year: null,
        unit: null,
        remarks: `${acres} acres of ${pick(random, ['gently rolling', 'wooded', 'level, cleared', 'partly wooded'])} land outside ${city.name}. ${pick(random, ['Utilities at the road.', 'Perc test on file.', 'Creek along the back line.', 'Long views from the ridge.'])} Ready for your new home or a small farm; no HOA. About 15 minutes to ${city.road}.`,
      }
    }
    case 'Farm': {
      const acres = Math.round(between(random, 20, 160))
      const beds = wholeBetween(random, 3, 5)
      const area = Math.round(between(random, 1_600, 3_400))
      return {
        price: askingPrice(acres * between(random, 9_000, 20_000) + area * city.perSquareFoot * 0.8),
        beds,
        baths: beds - 1,
        area,
        lot: acres,
        year: wholeBetween(random, 1900, 2010),
        unit: null,
        remarks: `${acres}-acre farm near ${city.name} with a ${beds}-bedroom farmhouse, ${pick(random, ['a six-stall barn', 'a hay barn and equipment shed', 'fenced pastures and a spring-fed pond', 'a run-in shed and cross-fenced paddocks'])}. ${pick(random, ['Currently in hay production.', 'Road frontage on two sides.', 'Mature hardwoods along the creek.'])} ${pick(random, CLOSERS)}`,
      }
    }
    case 'CommercialSale': {
      const area = Math.round(between(random, 1_500, 12_000))
      return {
        price: askingPrice(area * city.perSquareFoot * between(random, 0.55, 0.9)),
        beds: 0,
        baths: wholeBetween(random, 1, 4),
        area,
        lot: Math.round(between(random, 0.3, 3) * 100) / 100,
        year: wholeBetween(random, 1960, 2020),
        unit: null,
        remarks: `${pick(random, ['Freestanding retail building', 'Office building', 'Flex warehouse with offices', 'Former restaurant with equipment'])} in ${city.name}, ${area.toLocaleString('en-US')} square feet with ${pick(random, ['ample parking', 'a signalized corner', 'high traffic counts', 'two loading docks'])}. Zoned commercial. Near ${city.road}.`,
      }
    }
    default:
      return residentialFacts(random, city)
  }
}

/** The demo photos of one kind, by photo number. */
const PHOTOS_BY_KIND: ReadonlyMap<DemoPhotoKind, readonly number[]> = (() => {
  const map = new Map<DemoPhotoKind, number[]>()
  for (let n = 0; n < DEMO_PHOTO_COUNT; n++) map.set(demoPhotoKind(n), [...(map.get(demoPhotoKind(n)) ?? []), n])
  return map
})()

/** What the first photo shows: the building the listing is, or the land. */
function exteriorKind(type: PropertyType, unit: boolean, random: Random): DemoPhotoKind {
  if (type === 'Land') return 'land'
  if (type === 'Farm') return 'farm'
  if (type === 'CommercialSale') return 'condo'
  if (type === 'ResidentialIncome') return 'townhouse'
  if (unit) return random() < 0.5 ? 'condo' : 'townhouse'
  return 'house'
}

/**
 * The listing's photos: its outside first (picked by the listing's number, so neighbours differ),
 * then a kitchen and a living room for a home, or more views of the land.
 */
function photosFor(kind: DemoPhotoKind, index: number, count: number, random: Random): number[] {
  const of = (wanted: DemoPhotoKind) => PHOTOS_BY_KIND.get(wanted) ?? []
  const outside = of(kind)
  const first = outside[index % outside.length]
  if (first === undefined || count === 0) return []
  const rest = kind === 'land' ? outside.filter((n) => n !== first) : [pick(random, of('kitchen')), pick(random, of('living-room')), ...shuffled(random, outside.filter((n) => n !== first))]
  return [first, ...rest].slice(0, count)
}

export type GeneratedListing = {
  values: Omit<typeof listing.$inferInsert, 'id' | 'searchVector'>
  /** Which demo photos it shows, in order (0 is the primary photo); several listings share photos. */
  photos: number[]
}

export type GenerateOptions = {
  /** ListingKey prefix; the seed uses DEMO-, the bench its own. */
  keyPrefix?: string
  /** Changes every listing; 1 is the demo data. */
  seed?: number
  /** Offer deadlines and dates are set around it. */
  now: Date
  sellers: DemoSellers
  /**
   * The demo's first listings are special (default true): DEMO-0001 and DEMO-0002 belong to the simple
   * seller, DEMO-0003 to DEMO-0005 are drafts. The bench turns this off.
   */
  demoExtras?: boolean
}

const DAY = 24 * 60 * 60 * 1000

/** Listing number `index` (from 0). */
export function generateListing(index: number, options: GenerateOptions): GeneratedListing {
  const { now, sellers } = options
  const random = seededRandom(Math.imul((options.seed ?? 1) * 2_654_435_761 + index, 0x9e3779b1) ^ index)
  const city = weighted(random, TN_CITIES)
  const zip = pick(random, city.zips)
  const type = weighted(random, TYPES).type
  const facts = factsFor(type, random, city)

  const extras = options.demoExtras ?? true
  // Who owns it: the first two belong to the simple seller, then about half each to the agent and the owner.
  const simpleOwns = extras && sellers.simpleId !== null && (index === 0 || index === 1)
  const byAgent = !simpleOwns && random() < 0.55
  const ownerId = simpleOwns && sellers.simpleId ? sellers.simpleId : byAgent ? sellers.agentId : sellers.ownerId
  const agent = byAgent ? sellers.agent : pick(random, OTHER_AGENTS)

  // Three drafts, saved on different wizard steps; the one on the photos step has none yet.
  const draftStep = extras ? ({ 2: 'photos', 3: 'offer-settings', 4: 'agent' } as const)[index as 2 | 3 | 4] : undefined
  const status: StandardStatus = draftStep ? 'Incomplete' : simpleOwns ? 'Active' : weighted(random, STATUSES).status
  const published = status !== 'Incomplete'

  const roll = random()
  const visibility = !published || simpleOwns ? 'public' : roll < 0.05 ? 'private' : roll < 0.12 ? 'unlisted' : 'public'

  const daysListed = status === 'Closed' ? between(random, 45, 240) : status === 'Pending' || status === 'ActiveUnderContract' ? between(random, 10, 90) : status === 'ComingSoon' ? between(random, 2, 30) : between(random, 0.2, 75)
  const publishedAt = published ? new Date(now.getTime() - daysListed * DAY) : null
  const createdAt = new Date((publishedAt ?? now).getTime() - between(random, 0.2, published ? 6 : 3) * DAY)
  const modificationTimestamp = new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + between(random, 0.1, publishedAt ? daysListed + 1 : 2) * DAY))

  // Offer deadlines in the coming days for about half of what can still get offers.
  const open = status === 'Active' || status === 'ComingSoon'
  const deadline = open && (simpleOwns || random() < 0.5) ? new Date(Math.ceil((now.getTime() + between(random, 1.5, 21) * DAY) / 3_600_000) * 3_600_000) : null
  const preferences = OFFER_PREFERENCES.filter(() => random() < 0.4) as OfferPreference[]

  const street = {
    StreetNumber: String(wholeBetween(random, 1, 9) * (random() < 0.5 ? 100 : 1000) + wholeBetween(random, 1, 99)),
    StreetName: pick(random, STREET_NAMES),
    StreetSuffix: city.county === 'Shelby' && random() < 0.25 ? 'Cv' : pick(random, STREET_SUFFIXES),
    UnitNumber: facts.unit,
    City: city.name,
    StateOrProvince: 'TN',
    PostalCode: zip,
  }
  // Drafts not yet past the agent step have no agent yet.
  const withAgent = draftStep !== 'agent' && draftStep !== 'photos'
  // About two in three published listings carry an MLS number.
  const mlsNumber = published && random() < 0.65 ? String(2_600_000 + ((index * 7_919 + (options.seed ?? 1) * 104_729) % 399_999)) : null
  const photoCount = draftStep === 'photos' ? 0 : wholeBetween(random, 2, 5)
  const photos = photosFor(exteriorKind(type, facts.unit !== null, random), index, photoCount, random)
  // Drawn last, so the values above stay what they were before listings had them.
  const identification = identificationFor(random, city.county, facts.unit)

  return {
    photos,
    values: {
      listingKey: demoListingKey(index, options.keyPrefix),
      listingId: mlsNumber,
      standardStatus: status,
      ownerId,
      listAgentUserId: byAgent ? sellers.agentId : null,
      source: 'manual',
      listPrice: facts.price,
      streetNumber: street.StreetNumber,
      streetName: street.StreetName,
      streetSuffix: street.StreetSuffix,
      unitNumber: street.UnitNumber,
      city: street.City,
      stateOrProvince: street.StateOrProvince,
      postalCode: street.PostalCode,
      countyOrParish: city.county,
      parcelNumber: identification.parcelNumber,
      taxLegalDescription: identification.legalDescription,
      deedReference: identification.deedReference,
      unparsedAddress: unparsedAddress(street),
      propertyType: type,
      bedroomsTotal: facts.beds,
      bathroomsTotalInteger: facts.baths,
      livingArea: facts.area,
      lotSizeAcres: facts.lot,
      yearBuilt: facts.year,
      publicRemarks: facts.remarks,
      listAgentFullName: withAgent ? agent.fullName : null,
      listAgentEmail: withAgent ? agent.email : null,
      listAgentDirectPhone: withAgent ? agent.phone : null,
      listAgentMlsId: withAgent ? agent.mlsId : null,
      listOfficeName: withAgent ? agent.office : null,
      firmLicenseNumber: withAgent ? agent.firmLicenseNumber : null,
      offerDeadline: deadline,
      offerPreferences: preferences,
      offerInstructions: deadline ? `Please send your best offer by the deadline with ${preferences.includes('preApprovalLetter') ? 'a pre-approval letter' : 'proof of funds or a pre-approval letter'}. The seller will respond within 24 hours after it.` : null,
      visibility,
      draftStep: draftStep ?? null,
      publishedAt,
      modificationTimestamp,
      createdAt,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Writing them

/**
 * The demo photos as stored files (drawn and put in the storage the first time), by photo number.
 * Another process doing the same at the same moment is fine: the key is unique and both keep the row.
 */
export async function ensureDemoPhotos(db: Db, storage: FileStorage, ownerId: string): Promise<string[]> {
  const keys = Array.from({ length: DEMO_PHOTO_COUNT }, (_, index) => demoPhotoKey(index))
  const known = async () => new Map((await db.select({ id: storedFile.id, key: storedFile.key }).from(storedFile).where(inArray(storedFile.key, keys))).map((row) => [row.key, row.id]))
  const existing = await known()
  const missing = keys.flatMap((key, index) => (existing.has(key) ? [] : [{ key, index }]))
  if (missing.length > 0) {
    const files = await Promise.all(
      missing.map(async ({ key, index }) => {
        const png = await storeDemoPhoto(storage, key, index)
        return { ownerId, key, purpose: LISTING_PHOTO_PURPOSE, filename: `house-${String(index + 1).padStart(2, '0')}.png`, contentType: 'image/png', size: png.length }
      }),
    )
    await db.insert(storedFile).values(files).onConflictDoNothing({ target: storedFile.key })
  }
  const ids = missing.length > 0 ? await known() : existing
  return keys.map((key) => {
    const id = ids.get(key)
    if (!id) throw new Error(`the demo photo ${key} has no stored_file row`)
    return id
  })
}

/**
 * Inserts generated listings with their photos, `batchSize` listings (and their media) per
 * transaction; listings whose ListingKey exists already are left alone. Returns how many were added.
 */
export async function insertGeneratedListings(db: Db, generated: readonly GeneratedListing[], photoFileIds: readonly string[], batchSize = 250): Promise<number> {
  let created = 0
  for (let start = 0; start < generated.length; start += batchSize) {
    const batch = generated.slice(start, start + batchSize)
    created += await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(listing)
        .values(batch.map((item) => item.values))
        .onConflictDoNothing({ target: listing.listingKey })
        .returning({ id: listing.id, listingKey: listing.listingKey })
      const photosByKey = new Map(batch.map((item) => [item.values.listingKey, item.photos]))
      const media = inserted.flatMap((row) =>
        (photosByKey.get(row.listingKey) ?? []).map((photo, order) => {
          const id = randomUUID()
          const fileId = photoFileIds[photo]
          if (!fileId) throw new Error(`no stored file for demo photo ${photo}`)
          return { id, listingId: row.id, fileId, mediaKey: id, order }
        }),
      )
      if (media.length > 0) await tx.insert(listingMedia).values(media)
      await listingsChanged(
        tx,
        inserted.map((row) => row.id),
      )
      return inserted.length
    })
  }
  return created
}

async function userIdsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, { id: string; sellerAgentId: string | null; name: string }>> {
  const rows = await db.select({ id: user.id, email: user.email, name: user.name, sellerAgentId: user.sellerAgentId }).from(user).where(inArray(user.email, [...emails]))
  return new Map(rows.map((row) => [row.email, row]))
}

export const DEMO_SELLER_EMAILS = { simple: 'seller-simple@example.com', owner: 'seller-owner@example.com', agent: 'seller-agent@example.com' } as const

/** The demo seller accounts as owners of the demo listings; null when the demo accounts are not there. */
export async function findDemoSellers(db: Db): Promise<DemoSellers | null> {
  const found = await userIdsByEmail(db, Object.values(DEMO_SELLER_EMAILS))
  const owner = found.get(DEMO_SELLER_EMAILS.owner)
  const agent = found.get(DEMO_SELLER_EMAILS.agent)
  if (!owner || !agent) return null
  return {
    ownerId: owner.id,
    agentId: agent.id,
    agent: {
      fullName: agent.name,
      email: DEMO_SELLER_EMAILS.agent,
      phone: '+16155550123',
      mlsId: agent.sellerAgentId ?? 'TN-100003',
      office: 'Offerbook Demo Realty',
      firmLicenseNumber: '264501',
    },
    simpleId: found.get(DEMO_SELLER_EMAILS.simple)?.id ?? null,
  }
}

/**
 * Adds the demo listings that are not there yet (known by their ListingKey, DEMO-0001 ...), owned by
 * the demo sellers, with photos drawn here. Runs at every start after the demo accounts; once they are
 * all there it costs one query.
 */
export async function seedDemoListings(db: Db, storage: FileStorage, { now = new Date(), count = DEMO_LISTING_COUNT }: { now?: Date; count?: number } = {}): Promise<{ created: number }> {
  const present = await db.select({ key: listing.listingKey }).from(listing).where(like(listing.listingKey, `${DEMO_LISTING_KEY_PREFIX}%`))
  const have = new Set(present.map((row) => row.key))
  const wanted = Array.from({ length: count }, (_, index) => index).filter((index) => !have.has(demoListingKey(index)))
  if (wanted.length === 0) return { created: 0 }
  const sellers = await findDemoSellers(db)
  if (!sellers) return { created: 0 }
  const photoFileIds = await ensureDemoPhotos(db, storage, sellers.agentId)
  const generated = wanted.map((index) => generateListing(index, { now, sellers }))
  return { created: await insertGeneratedListings(db, generated, photoFileIds) }
}
