import type { ClauseCatalogue } from './clause-types'
import { defineClause } from './clause-types'

/**
 * The 40 optional clauses of the stipulation picker (spec screen 3), keyed A to Z then A1 to N1. The
 * texts are our own words for what Tennessee practice puts in such clauses (the TN REALTORS forms are
 * copyrighted); the time periods of spec section 9 are written into them as fixed words, every other
 * period is a blank. The letter of each clause is listed in docs/decisions/010-clause-catalogues.md.
 * A to M are also the 13 lettered clauses of the RF707 addendum (rf707-catalogue.ts).
 */
export const STIPULATION_CLAUSES = [
  defineClause(
    'A',
    "Seller pays Buyer's expenses",
    "At Closing, Seller shall pay {1}% of the Purchase Price, but not more than ${2} in all, toward Buyer's closing costs, prepaid items and loan fees as Buyer's lender allows. Any part of that sum the lender does not let Buyer use remains Seller's.",
    [
      ['percent', 'Percent of the purchase price'],
      ['dollars', 'Most Seller will pay (dollars)'],
    ],
    { kind: 'closingCostShare', percent: 1, cap: 2 },
  ),
  defineClause(
    'B',
    'Reduction in price in lieu of repairs',
    "Instead of Seller making repairs, the Purchase Price is reduced by ${1} at Closing. Buyer takes that reduction in full settlement of the repairs Buyer asked for, provided Buyer's lender allows it.",
    [['dollars', 'Price reduction (dollars)']],
    { kind: 'priceReduction', dollars: 1 },
  ),
  defineClause(
    'C',
    'Assessments or liens',
    'Seller discloses an assessment or lien against the Property for {1}, imposed by {2}. It shall be paid in full by {3} at or before Closing, and the other party owes nothing on it.',
    [
      ['text', 'What it is for'],
      ['text', 'Imposed by'],
      ['text', 'Paid by (Buyer or Seller)'],
    ],
  ),
  defineClause(
    'D',
    'Square-footage contingency',
    "This Agreement is contingent on the heated and cooled living area of the Property being at least {1} square feet. Buyer may have it measured at Buyer's expense within {2} days after the Binding Agreement Date and, if it is smaller, may terminate this Agreement by written notice to Seller within that time and have the Earnest Money returned.",
    [
      ['text', 'Least living area (square feet)'],
      ['days', 'Days to measure'],
    ],
  ),
  defineClause(
    'E',
    "Sale of Buyer's property contingency",
    "This Agreement is contingent on the sale and closing of Buyer's property at {1} on or before {2}. If that sale has not closed by then, either party may terminate this Agreement by written notice and the Earnest Money is returned to Buyer.",
    [
      ['text', "Address of Buyer's property"],
      ['date', 'Must close by'],
    ],
  ),
  defineClause(
    'F',
    'Viewing',
    'This Agreement is contingent on {1} viewing and approving the Property on or before {2} at {3}. Unless Buyer gives Seller written notice of disapproval by that time, this contingency is satisfied.',
    [
      ['text', 'Who will view'],
      ['date', 'View by (date)'],
      ['time', 'View by (time)'],
    ],
  ),
  defineClause(
    'G',
    'Approval of others',
    "This Agreement is contingent on the written approval of {1} within {2} days after the Binding Agreement Date; where that is Seller's lender approving a sale for less than the debt owed, Seller shall apply at once. Without approval in that time, either party may terminate this Agreement by written notice and the Earnest Money is returned to Buyer.",
    [
      ['text', "Whose approval (e.g. Seller's lender)"],
      ['days', 'Days to approve'],
    ],
  ),
  defineClause(
    'H',
    "Seller's right to find housing",
    'This Agreement is contingent on Seller finding and contracting for a home to move to within {1} days after the Binding Agreement Date. If Seller has not, Seller may terminate this Agreement by written notice to Buyer before that period ends, and the Earnest Money is returned to Buyer.',
    [['days', 'Days for Seller to find housing']],
  ),
  defineClause(
    'I',
    'Radon',
    "Buyer may have the Property tested for radon by a qualified tester at Buyer's expense within {1} days after the Binding Agreement Date. If the level found is 4 pCi/L or more, Seller shall either have a mitigation system installed by a qualified contractor before Closing or tell Buyer in writing that Seller will not, in which case Buyer may terminate this Agreement by written notice and have the Earnest Money returned.",
    [['days', 'Days to test']],
  ),
  defineClause(
    'J',
    'Alternate appraisal',
    "If the appraisal for Buyer's lender comes in below the Purchase Price, Buyer may, at Buyer's expense, obtain a second appraisal by a licensed appraiser within {1} days after receiving the first. If the second appraisal is at least the Purchase Price and the lender accepts it, the appraisal contingency is satisfied.",
    [['days', 'Days for a second appraisal']],
  ),
  defineClause(
    'K',
    'Bankruptcy pending',
    'Seller is a debtor in a pending bankruptcy case, {1}. This Agreement is contingent on the bankruptcy court approving this sale within {2} days after the Binding Agreement Date, and Seller shall ask for that approval promptly. Without it in that time, either party may terminate this Agreement and the Earnest Money is returned to Buyer.',
    [
      ['text', 'Case number and court'],
      ['days', 'Days for court approval'],
    ],
  ),
  defineClause(
    'L',
    'Court permission and final judgment',
    "This sale needs a court's permission. This Agreement is contingent on a final judgment or order approving the sale being entered on or before {1} and not appealed; if it is not, either party may terminate this Agreement by written notice and the Earnest Money is returned to Buyer.",
    [['date', 'Final judgment by']],
  ),
  defineClause(
    'M',
    'Pool information',
    "The Property has a swimming pool. Seller makes no statement about the condition of the pool or its equipment or whether they meet any code or safety rule, and Buyer is advised to have them inspected by a qualified pool inspector during the Inspection Period.",
  ),
  defineClause(
    'N',
    'Divorce',
    'Seller discloses that a divorce of the owners is pending. Both spouses shall sign the closing documents, or Seller shall deliver a court order allowing one of them to sign alone, no later than {1} days before Closing.',
    [['days', 'Days before Closing']],
  ),
  defineClause(
    'O',
    'Additional Buyer contingencies',
    'This Agreement is also contingent on {1}. If this contingency is neither met nor waived in writing within {2} days after the Binding Agreement Date, Buyer may terminate this Agreement by written notice and the Earnest Money is returned to Buyer.',
    [
      ['text', 'The contingency'],
      ['days', 'Days to meet it'],
    ],
  ),
  defineClause(
    'P',
    'Loan assumption (conventional, FHA or VA)',
    "Buyer shall assume Seller's existing {1} loan with a balance of about ${2} at Closing. This Agreement is contingent on the lender, and for an FHA or VA loan also the FHA or the VA, approving Buyer as the new borrower within {3} days after the Binding Agreement Date; a VA loan releases Seller's entitlement only if Buyer substitutes Buyer's own.",
    [
      ['text', 'Loan type (conventional, FHA or VA)'],
      ['dollars', 'Balance assumed (dollars)'],
      ['days', 'Days for approval'],
    ],
    { kind: 'none', why: 'The balance assumed is part of the price the buyer pays, not a cost to the seller.' },
  ),
  defineClause(
    'Q',
    'Zoning or rezoning',
    "This Agreement is contingent on the Property being zoned for {1}. Within two weeks after the Binding Agreement Date Seller shall deliver a letter from the local zoning office confirming that use, for a multifamily property with the number of units allowed. If the letter is not delivered in that period, Buyer may terminate this Agreement by written notice within 48 hours after the period ends and the Earnest Money is returned; otherwise the contingency is waived.",
    [['text', 'Zoned use (e.g. four-unit multifamily)']],
  ),
  defineClause(
    'R',
    'Pools',
    'Buyer may have the pool, its equipment and any fence or cover inspected within {1} days after the Binding Agreement Date. Seller shall have the pool open, filled and running for that inspection.',
    [['days', 'Days for the pool inspection']],
  ),
  defineClause(
    'S',
    'Condominium legal description',
    'The Property is Unit {1} of the condominium shown on plat or exhibit {2} and in the master deed recorded at {3}, with its share of the common elements. Seller shall complete or correct this description within 5 days after the Binding Agreement Date, and Buyer has 10 days after receiving it to accept it or object to it in writing.',
    [
      ['text', 'Unit'],
      ['text', 'Plat or exhibit'],
      ['text', 'Master deed (book and page or instrument)'],
    ],
  ),
  defineClause(
    'T',
    'Condominium information review',
    "Within {1} days after the Binding Agreement Date, not to exceed 10 days, Seller shall deliver the condominium's master deed, bylaws, rules, current budget and a statement of dues and special assessments. If they are not acceptable, Buyer may terminate this Agreement by written notice within {2} days after receiving them and the Earnest Money is returned to Buyer.",
    [
      ['days', 'Days to deliver the information'],
      ['days', 'Days to terminate'],
    ],
  ),
  defineClause(
    'U',
    'Homeowners association review',
    "Within {1} days after the Binding Agreement Date Seller shall deliver the homeowners association's declaration, bylaws, rules, budget and a statement of dues and assessments, and Buyer may terminate this Agreement by written notice within {2} days after receiving them if they are not acceptable. If Seller fails to provide them in time, Buyer may terminate by written notice within 2 days after Seller's deadline; either way the Earnest Money is returned to Buyer.",
    [
      ['days', 'Days to deliver the documents'],
      ['days', 'Days to review'],
    ],
  ),
  defineClause(
    'V',
    'Rental leases and review',
    'Within {1} days after the Binding Agreement Date Seller shall deliver copies of all leases, the rent roll, the security deposits held and any other agreements with tenants. Buyer has {2} days after receiving them to review them and may terminate this Agreement by written notice in that time if they are not acceptable.',
    [
      ['days', 'Days to deliver the leases'],
      ['days', 'Days to review'],
    ],
  ),
  defineClause(
    'W',
    'Inspection of a rented property',
    'The Property is occupied by a tenant. Seller shall arrange access for the inspections Buyer is entitled to, and Buyer shall ask for each one by giving Seller at least 5 days notice before the end of the Inspection Period so that the tenant can be told in time.',
  ),
  defineClause(
    'X',
    'Rent proration',
    "Monthly rent of ${1} shall be prorated as of the Closing Date. Seller shall credit Buyer at Closing with the rent for the days after Closing and shall transfer every tenant's security deposit to Buyer.",
    [['dollars', 'Monthly rent (dollars)']],
    { kind: 'none', why: "Rent for the days after closing is the buyer's: prorating it moves no money of the seller's." },
  ),
  defineClause(
    'Y',
    'Additional Earnest Money',
    'Buyer shall deposit additional Earnest Money of ${1} with the Holder on or before {2}, making a total deposit of ${3}. If it is not paid on time, Seller may terminate this Agreement by written notice to Buyer within 7 days after that date; if Seller does not do so within those 7 days, that option ends.',
    [
      ['dollars', 'Additional amount (dollars)'],
      ['date', 'Due by'],
      ['dollars', 'Total deposit (dollars)'],
    ],
    { kind: 'none', why: 'More earnest money is part of the price, paid earlier.' },
  ),
  defineClause(
    'Z',
    'Earnest Money held until a set time',
    'The Broker holding the Earnest Money shall keep the check undeposited until {1} on the first business day after the Binding Agreement Date and shall deposit it then.',
    [['time', 'Hold until (time)']],
  ),
  defineClause(
    'A1',
    'Non-refundable Earnest Money',
    'Once the Inspection Period has ended without Buyer terminating, the Earnest Money is not refundable to Buyer unless Seller defaults or this Agreement is terminated under a right it expressly gives Buyer. It is credited to Buyer at Closing.',
  ),
  defineClause(
    'B1',
    'Inspection costs',
    'Buyer shall pay for every inspection Buyer orders, including any inspection again after repairs, whether or not the sale closes.',
  ),
  defineClause(
    'C1',
    'Access to a public road',
    "Seller states that the Property has legal access to the public road {1} by way of {2}. This Agreement is contingent on Buyer's title examiner confirming that access before Closing.",
    [
      ['text', 'Public road'],
      ['text', 'Access by (e.g. recorded easement)'],
    ],
  ),
  defineClause(
    'D1',
    'Shared driveway maintenance agreement',
    'The Property shares a driveway with a neighbor. Within {1} days after the Binding Agreement Date Seller shall deliver any written agreement on its use and upkeep, and Buyer may terminate this Agreement by written notice within {2} days after receiving it if the agreement, or the lack of one, is not acceptable.',
    [
      ['days', 'Days to deliver the agreement'],
      ['days', 'Days to review'],
    ],
  ),
  defineClause(
    'E1',
    'Buying to sell for a profit',
    'Buyer discloses that Buyer, or a licensee acting for Buyer, is buying the Property with the intent of selling it again for a profit.',
  ),
  defineClause(
    'F1',
    'Amenity package release',
    'Buyer understands that amenities of the development, such as a clubhouse, pool or trails, may not yet be built or finished, and releases Seller and the Brokers from any claim about whether, when or how the developer provides them.',
  ),
  defineClause(
    'G1',
    '1031 exchange',
    'A party means this sale to be part of a tax-deferred exchange under Section 1031 of the Internal Revenue Code. The other party shall sign the usual exchange documents at no cost or liability to itself, and the exchange shall not delay Closing.',
  ),
  defineClause(
    'H1',
    'Seller reserves the right to sell (exclusive agency)',
    'The Property is listed under an exclusive agency. Seller keeps the right to sell it to a buyer Seller finds without the help of any broker, and no compensation is owed to the listing firm on such a sale.',
  ),
  defineClause(
    'I1',
    'Office exclusive listing (cooperative compensation)',
    'The Property is an office exclusive listing not entered in a multiple listing service. At Closing the listing firm shall pay the Selling Broker compensation of {1}% of the Purchase Price plus ${2}.',
    [
      ['percent', 'Percent of the purchase price'],
      ['dollars', 'Plus a sum (dollars)'],
    ],
    { kind: 'none', why: 'The listing firm pays the selling broker out of its own compensation.' },
  ),
  defineClause(
    'J1',
    'Co-listing agreement',
    "The Property is listed by two firms under a co-listing agreement. The Co-Listing Broker shares the listing firm's duties to Seller and its compensation as the two firms have agreed in writing.",
  ),
  defineClause(
    'K1',
    'Non-assignability',
    "Buyer may not assign this Agreement, or any right under it, to anyone else without Seller's prior written consent.",
  ),
  defineClause(
    'L1',
    'Foreign corporation election (IRC 897(i))',
    'Seller is a foreign corporation that has elected under Section 897(i) of the Internal Revenue Code to be treated as a domestic corporation, and shall deliver proof of that election at Closing so that no FIRPTA withholding is due.',
  ),
  defineClause(
    'M1',
    'Resident alien status',
    'Seller states that Seller is a resident alien treated as a United States person for federal income tax purposes, and shall sign a certificate of non-foreign status at Closing.',
  ),
  defineClause(
    'N1',
    'Selling Broker compensation',
    "At Closing Seller shall pay the Selling Broker's firm compensation of {1}% of the Purchase Price plus ${2}.",
    [
      ['percent', 'Percent of the purchase price'],
      ['dollars', 'Plus a sum (dollars)'],
    ],
    { kind: 'brokerCompensation', percent: 1, dollars: 2 },
  ),
] as const satisfies ClauseCatalogue

export const STIPULATION_CLAUSE_COUNT = 40
