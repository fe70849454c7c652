import { z } from 'zod'
import { OFFER_ACTIONS, OFFER_EVENT_TYPES, OFFER_STATUSES, OFFER_TABS } from './offer-status'

/** The schemas of an offer's state (offer-status.ts), for the API's bodies and answers. */
export const OfferStatusSchema = z.enum(OFFER_STATUSES)
export const OfferActionSchema = z.enum(OFFER_ACTIONS)
export const OfferTabSchema = z.enum(OFFER_TABS)
export const OfferEventTypeSchema = z.enum(OFFER_EVENT_TYPES)
