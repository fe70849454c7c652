import type { Language } from '@offerbook/domain/user'
import type { Block, EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/**
 * The chat digest email: what one side of a conversation has not read, in one message. The bodies
 * are the visitors' and agents' own text, quoted as they wrote them.
 */
export type ChatDigestData = {
  /** Messages not read, oldest first. */
  messages: ReadonlyArray<{ senderName: string; body: string }>
  /** Who wrote them; null for support's answers to a visitor ('the Offerbook support team'). */
  fromName: string | null
  /** The listing's address; null for a support conversation. */
  address: string | null
  /** Where the recipient answers, e.g. /property/<id> or /notifications/messages. */
  path: string
}

/** At most this many messages are quoted; the link shows the rest. */
export const DIGEST_QUOTED_MAX = 20

type Words = {
  support: string
  supportTopic: string
  subject: (count: number, from: string, about: string) => string
  earlier: (count: number) => string
  reply: string
}

const WORDS: Record<Language, Words> = {
  'en-us': {
    support: 'the Offerbook support team',
    supportTopic: 'your support chat',
    subject: (count, from, about) => `You have ${count} new ${count === 1 ? 'message' : 'messages'} from ${from} about ${about}`,
    earlier: (count) => `And ${count} earlier ${count === 1 ? 'message' : 'messages'}.`,
    reply: 'Read and reply',
  },
  'es-es': {
    support: 'el equipo de soporte de Offerbook',
    supportTopic: 'su chat de soporte',
    subject: (count, from, about) => `Tiene ${count} ${count === 1 ? 'mensaje nuevo' : 'mensajes nuevos'} de ${from} sobre ${about}`,
    earlier: (count) => `Y ${count} ${count === 1 ? 'mensaje anterior' : 'mensajes anteriores'}.`,
    reply: 'Leer y responder',
  },
}

/** One line for a subject: no line breaks, and not endless. */
function oneLine(value: string, max = 120): string {
  const line = value.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

function digestContent(locale: Language, data: ChatDigestData): EmailContent {
  const words = WORDS[locale]
  const subject = oneLine(words.subject(data.messages.length, oneLine(data.fromName ?? words.support, 60), data.address ?? words.supportTopic), 200)
  const quoted = data.messages.slice(-DIGEST_QUOTED_MAX)
  const skipped = data.messages.length - quoted.length
  const blocks: Block[] = [
    ...(skipped > 0 ? [{ type: 'paragraph' as const, text: words.earlier(skipped) }] : []),
    ...quoted.map((message) => ({ type: 'quote' as const, author: message.senderName, text: message.body })),
    { type: 'action', label: words.reply, href: data.path },
  ]
  return { subject, heading: subject, blocks, footer: brandFooter(locale) }
}

const message = (index: number) => ({ senderName: 'Ana <b>Ruiz</b>', body: `Is it <b>still</b> available? (${index})` })

export const chatDigest = defineEmail<ChatDigestData>({
  kind: 'chat-digest',
  samples: [
    { messages: [message(1)], fromName: 'Ana <b>Ruiz</b>', address: '12 <i>Elm</i> St, Nashville, TN 37203', path: '/property/l1' },
    { messages: Array.from({ length: DIGEST_QUOTED_MAX + 2 }, (_, index) => message(index)), fromName: null, address: null, path: '/notifications/messages' },
  ],
  content: { 'en-us': (data) => digestContent('en-us', data), 'es-es': (data) => digestContent('es-es', data) },
})
