/** The clause pickers' code, a chunk beside the offer pages (offer-clause-pickers.tsx, decision 088). */
export { AddendumPicker } from '../../features/contract-language/components/addendum-picker'
export { StipulationPicker } from '../../features/contract-language/components/stipulation-picker'
