import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/** A document of an agent's brokerage file approved or returned by the principal broker (decision 068), in the agent's language. */
export type FileReviewData = { decision: 'approve' | 'return'; address: string; filename: string; note: string | null; reviewerName: string; path: string }

type Words = { subject: (data: FileReviewData) => string; paragraph: (data: FileReviewData) => string }

const WORDS: Record<Language, { approve: Words; return: Words; action: string }> = {
  'en-us': {
    approve: {
      subject: ({ address }) => `Document approved in the file of ${address}`,
      paragraph: ({ filename, reviewerName, address }) => `${reviewerName} approved ${filename} in your file of ${address}.`,
    },
    return: {
      subject: ({ address }) => `Document returned in the file of ${address}`,
      paragraph: ({ filename, reviewerName, address }) => `${reviewerName} returned ${filename} in your file of ${address}. Please upload a corrected document in its place; it goes back to the review queue.`,
    },
    action: 'Open the file',
  },
  'es-es': {
    approve: {
      subject: ({ address }) => `Documento aprobado en el expediente de ${address}`,
      paragraph: ({ filename, reviewerName, address }) => `${reviewerName} ha aprobado ${filename} en su expediente de ${address}.`,
    },
    return: {
      subject: ({ address }) => `Documento devuelto en el expediente de ${address}`,
      paragraph: ({ filename, reviewerName, address }) => `${reviewerName} ha devuelto ${filename} en su expediente de ${address}. Suba un documento corregido en su lugar; volverá a la cola de revisión.`,
    },
    action: 'Abrir el expediente',
  },
}

function reviewContent(locale: Language, data: FileReviewData): EmailContent {
  const words = WORDS[locale]
  const text = data.decision === 'approve' ? words.approve : words.return
  const subject = text.subject(data)
  // The broker's own words, as written.
  const note = data.note ? [{ type: 'paragraph' as const, text: `“${data.note}”` }] : []
  return { subject, heading: subject, blocks: [{ type: 'paragraph', text: text.paragraph(data) }, ...note, { type: 'action', label: words.action, href: data.path }], footer: brandFooter(locale) }
}

export const fileReview = defineEmail<FileReviewData>({
  kind: ({ decision }) => `notification:offer.file-document-${decision === 'approve' ? 'approved' : 'returned'}`,
  samples: [
    { decision: 'approve', address: '12 <b>Elm</b> St, Nashville, TN 37203', filename: 'disclosure.pdf', note: null, reviewerName: 'Pat <i>Broker</i>', path: '/my-properties/l1/offers/o1' },
    { decision: 'return', address: '40 Vine St, Knoxville, TN 37902', filename: 'agency <b>disclosure</b>.pdf', note: 'The buyer did not <b>initial</b> page 2.', reviewerName: 'Pat Broker', path: '/submitted-offers/update/o2' },
  ],
  content: { 'en-us': (data) => reviewContent('en-us', data), 'es-es': (data) => reviewContent('es-es', data) },
})
