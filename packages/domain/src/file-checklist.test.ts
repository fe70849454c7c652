import { describe, expect, it } from 'vitest'
import type { BrokerageRule, FileFacts } from './file-checklist'
import { BrokerageRuleSchema, requiredSlots, ruleApplies } from './file-checklist'
import { messageText } from './messages'

const facts = (over: Partial<FileFacts> = {}): FileFacts => ({
  side: 'listing',
  propertyType: 'Residential',
  yearBuilt: 2004,
  price: 425_000,
  hasContractLanguage: false,
  earnestMoney: 5_000,
  closed: false,
  contractDocuments: [],
  ...over,
})

const keys = (file: FileFacts, rules: BrokerageRule[] = []) => requiredSlots(file, rules).map((slot) => slot.key)

const rule = (over: Partial<BrokerageRule> = {}): BrokerageRule => ({ id: 'r1', title: 'Wire fraud warning', side: null, propertyTypes: [], minPrice: null, maxPrice: null, ...over })

describe('the required documents of a transaction file', () => {
  it('asks a plain resale for the agreement, the condition disclosure, the agency disclosure and the earnest money receipt, in that order', () => {
    expect(keys(facts())).toEqual(['purchaseAgreement', 'propertyConditionDisclosure', 'agencyDisclosure', 'earnestMoneyReceipt'])
  })

  it('asks for the lead-based paint disclosure for a home built before 1978, or of unknown age, and not for 1978', () => {
    const built1977 = requiredSlots(facts({ yearBuilt: 1977 })).find((slot) => slot.kind === 'leadBasedPaintDisclosure')
    expect(built1977 && messageText(built1977.why.key, built1977.why.params)).toBe('The home was built in 1977, before 1978.')
    expect(keys(facts({ yearBuilt: 1978 }))).not.toContain('leadBasedPaintDisclosure')
    const unknown = requiredSlots(facts({ yearBuilt: null })).find((slot) => slot.kind === 'leadBasedPaintDisclosure')
    expect(unknown?.why.key).toBe('file.whyLeadBasedPaintUnknown')
  })

  it('asks for the RF707 only when the agreement has clauses, a closing statement only once closed, no receipt without earnest money', () => {
    expect(keys(facts({ hasContractLanguage: true }))).toContain('contractLanguageAddendum')
    expect(keys(facts({ closed: true })).at(-1)).toBe('closingStatement')
    expect(keys(facts({ earnestMoney: 0 }))).not.toContain('earnestMoneyReceipt')
    expect(keys(facts({ earnestMoney: null }))).not.toContain('earnestMoneyReceipt')
  })

  it('takes a disclaimer or an exemption in the condition disclosure slot', () => {
    const slot = requiredSlots(facts()).find((item) => item.kind === 'propertyConditionDisclosure')
    expect(slot?.accepts).toEqual(['propertyConditionDisclosure', 'propertyConditionDisclaimer', 'propertyConditionExemption'])
  })

  it('gives every notice and amendment its own slot, named by its title', () => {
    const slots = requiredSlots(facts({ contractDocuments: [{ id: 'n1', kind: 'notice', title: 'Inspection result' }, { id: 'a1', kind: 'amendment', title: 'New closing date' }] }))
    const documents = slots.filter((slot) => slot.kind === 'contractNotice' || slot.kind === 'contractAmendment')
    expect(documents.map((slot) => [slot.key, messageText(slot.title.key, slot.title.params)])).toEqual([
      ['contractNotice:n1', 'Notice: Inspection result'],
      ['contractAmendment:a1', 'Amendment: New closing date'],
    ])
  })

  it("adds a brokerage's own rule by side, property type and price range", () => {
    expect(keys(facts(), [rule()])).toContain('brokerageRule:r1')
    expect(ruleApplies(rule({ side: 'buyer' }), facts())).toBe(false)
    expect(ruleApplies(rule({ propertyTypes: ['ResidentialIncome'] }), facts())).toBe(false)
    expect(ruleApplies(rule({ propertyTypes: ['Residential'] }), facts({ propertyType: null }))).toBe(false)
    expect(ruleApplies(rule({ minPrice: 425_000, maxPrice: 425_000 }), facts())).toBe(true)
    expect(ruleApplies(rule({ minPrice: 425_001 }), facts())).toBe(false)
    expect(ruleApplies(rule({ maxPrice: 424_999 }), facts())).toBe(false)
  })

  it('refuses a rule with no name or with its prices the wrong way round, on the field', () => {
    const blank = BrokerageRuleSchema.safeParse({ title: '  ' })
    expect(blank.success ? [] : blank.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['title', 'file.ruleTitleRequired']])
    const backwards = BrokerageRuleSchema.safeParse({ title: 'Survey', minPrice: 500_000, maxPrice: 400_000 })
    expect(backwards.success ? [] : backwards.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['maxPrice', 'file.rulePriceOrder']])
    expect(BrokerageRuleSchema.parse({ title: ' Survey ' })).toEqual({ title: 'Survey', side: null, propertyTypes: [], minPrice: null, maxPrice: null })
  })
})
