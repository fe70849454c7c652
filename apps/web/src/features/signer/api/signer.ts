import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FinishSigning, SignerView } from '@offerbook/domain/signing'
import { CONSENT_VERSION } from '@offerbook/domain/signing-values'
import type { RequestOptions } from '../../../shared/api-client'
import { API_BASE, apiClient } from '../../../shared/api-client'
import { downloadApiFile } from '../../../shared/download-file'

/**
 * The signer's calls (decision 016). The link's token travels in the x-signing-token header. The
 * signer API answers a wrong token with 404, never 401/403, but a stray 401/403 must still not send
 * somebody who holds only a link to the sign-in page or Home.
 */

export type SignerLink = { signerId: string; token: string }

export const signerKeys = {
  all: ['signer'] as const,
  view: ({ signerId, token }: SignerLink) => ['signer', signerId, token] as const,
}

const path = (signerId: string) => `/signing/signers/${encodeURIComponent(signerId)}`

export const tokenHeaders = (token: string): Record<string, string> => ({ 'x-signing-token': token })

const options = (token: string): RequestOptions => ({ headers: tokenHeaders(token), redirectOnUnauthorized: false })

export function getSignerView({ signerId, token }: SignerLink): Promise<SignerView> {
  return apiClient.get<SignerView>(path(signerId), undefined, options(token))
}

export function signerViewQuery(link: SignerLink) {
  return queryOptions({ queryKey: signerKeys.view(link), queryFn: () => getSignerView(link) })
}

export function useSignerView(link: SignerLink) {
  return useQuery(signerViewQuery(link))
}

/** Where pdf.js fetches the document before signing (with tokenHeaders). */
export function signerDocumentUrl(signerId: string): string {
  return `${API_BASE}${path(signerId)}/document`
}

/** The name the signed copy is saved under when the server gives none: 'Signed-<title>.pdf'. */
export function signedFileName(title: string): string {
  const safe = title
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
  return `Signed-${safe || 'document'}.pdf`
}

/** Fetches the sealed PDF with the token and hands it to the browser as a download. */
export async function downloadSignedPdf({ signerId, token }: SignerLink, title: string): Promise<void> {
  await downloadApiFile(`${path(signerId)}/signed`, { headers: tokenHeaders(token), fallbackName: signedFileName(title), rules: { redirectOnUnauthorized: false } })
}

/**
 * A call that answers with the signer's new view puts it in the cache; a refused one refreshes the
 * view, since the refusal often means the packet moved on (voided, signed by someone else, expired).
 */
function useSignerMutation<Input>(link: SignerLink, call: (input: Input) => Promise<SignerView | void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      if (view) queryClient.setQueryData(signerKeys.view(link), view)
      else void queryClient.invalidateQueries({ queryKey: signerKeys.view(link) })
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: signerKeys.view(link) }),
  })
}

export function useSendCode(link: SignerLink) {
  const queryClient = useQueryClient()
  // Sending a code changes nothing the view shows, so there is nothing to refresh.
  return useMutation({
    mutationFn: () => apiClient.post<void>(`${path(link.signerId)}/code`, {}, options(link.token)),
    onError: () => void queryClient.invalidateQueries({ queryKey: signerKeys.view(link) }),
  })
}

export function useVerifyCode(link: SignerLink) {
  return useSignerMutation(link, (code: string) => apiClient.post<SignerView>(`${path(link.signerId)}/code/verify`, { code }, options(link.token)))
}

export function useConsent(link: SignerLink) {
  return useSignerMutation(link, () => apiClient.post<SignerView>(`${path(link.signerId)}/consent`, { accepted: true, version: CONSENT_VERSION }, options(link.token)))
}

export function useFinishSigning(link: SignerLink) {
  return useSignerMutation(link, (body: FinishSigning) => apiClient.post<SignerView>(`${path(link.signerId)}/finish`, body, options(link.token)))
}

export function useDeclineSigning(link: SignerLink) {
  return useSignerMutation(link, (reason: string) => apiClient.post<SignerView>(`${path(link.signerId)}/decline`, { reason }, options(link.token)))
}
