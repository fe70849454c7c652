import { describe, expect, it } from 'vitest'
import { disambiguateOperationIds, operationIdFor, securityFor } from './openapi'

describe('operationIdFor', () => {
  it.each([
    ['GET', '/api/offers', 'listOffers'],
    ['GET', '/api/offers/:id', 'getOffer'],
    ['GET', '/api/offers/{id}', 'getOffer'],
    ['POST', '/api/offers', 'createOffer'],
    ['PATCH', '/api/offers/:id', 'updateOffer'],
    ['DELETE', '/api/offers/:id', 'deleteOffer'],
    ['PUT', '/api/me/language', 'setMyLanguage'],
    ['GET', '/api/me', 'getMe'],
    ['POST', '/api/offers/:id/share', 'shareOffer'],
    ['POST', '/api/offers/:id/attachments', 'createOfferAttachment'],
    ['DELETE', '/api/offers/:id/attachments/:attachmentId', 'deleteOfferAttachment'],
    ['GET', '/api/offers/mine', 'listMyOffers'],
    ['GET', '/api/properties', 'listProperties'],
    ['GET', '/api/properties/:id', 'getProperty'],
    ['POST', '/api/notifications/:id/read', 'readNotification'],
    ['POST', '/api/notifications/read-all', 'readAllNotifications'],
    ['POST', '/api/accounts/verify', 'verifyAccount'],
    ['POST', '/api/accounts/resend-code', 'resendAccountCode'],
    ['GET', '/api/listings/:id/optimize', 'getListingOptimize'],
    ['GET', '/api/sso/verify', 'getSsoVerify'],
    ['POST', '/api/sso/verify', 'verifySso'],
    ['POST', '/api/signing/signers/:signerId/code/verify', 'verifySigningSignerCode'],
    ['POST', '/api/session', 'createSession'],
  ])('%s %s -> %s', (method, url, id) => {
    expect(operationIdFor(method, url)).toBe(id)
  })
})

describe('disambiguateOperationIds', () => {
  it('names the item of a collection by its parameter when a singular resource has the same name', () => {
    const paths = { '/api/session': { delete: { operationId: 'deleteSession' } }, '/api/sessions/{id}': { delete: { operationId: 'deleteSession' } } }
    disambiguateOperationIds(paths)
    expect(paths['/api/session'].delete.operationId).toBe('deleteSession')
    expect(paths['/api/sessions/{id}'].delete.operationId).toBe('deleteSessionById')
  })
})

describe('securityFor', () => {
  it('requires a bearer token unless the route is public, where one is read when sent', () => {
    expect(securityFor(undefined)).toEqual([{ bearer: [] }])
    expect(securityFor('signed-in')).toEqual([{ bearer: [] }])
    expect(securityFor(['ADMIN'])).toEqual([{ bearer: [] }])
    expect(securityFor('public')).toEqual([{}, { bearer: [] }])
  })

  it('lists the API key beside the session where keys are taken, and alone where only keys are', () => {
    expect(securityFor('signed-in', 'also')).toEqual([{ bearer: [] }, { apiKey: [] }])
    expect(securityFor('public', 'also')).toEqual([{}, { bearer: [] }, { apiKey: [] }])
    expect(securityFor('signed-in', 'only')).toEqual([{ apiKey: [] }])
  })
})
