import type { Language } from '@offerbook/domain/user'
import type { EmailContent, FooterLine } from './layout'
import { defineEmail } from './define'

/**
 * A message from the Send dialog: the sender's own subject and words, then who sent it, the
 * property it is about and how to unsubscribe, in the recipient's language.
 */
export type UserMessageData = {
  subject: string
  message: string
  sender: { name: string; email: string }
  property: { id: string; address: string } | null
  /** Absolute: it carries the recipient's signed token. */
  unsubscribeUrl: string
}

type Words = { sentBy: (sender: UserMessageData['sender']) => string; property: string; unsubscribe: string; unsubscribeLink: string }

const WORDS: Record<Language, Words> = {
  'en-us': {
    sentBy: (sender) => `Sent by ${sender.name} (${sender.email}) with Offerbook.`,
    property: 'About the property',
    unsubscribe: 'To receive no more messages from Offerbook users at this address, unsubscribe',
    unsubscribeLink: 'Unsubscribe',
  },
  'es-es': {
    sentBy: (sender) => `Enviado por ${sender.name} (${sender.email}) con Offerbook.`,
    property: 'Sobre la propiedad',
    unsubscribe: 'Para no recibir más mensajes de usuarios de Offerbook en esta dirección, dese de baja',
    unsubscribeLink: 'Darse de baja',
  },
}

function messageContent(locale: Language, { subject, message, sender, property, unsubscribeUrl }: UserMessageData): EmailContent {
  const words = WORDS[locale]
  const footer: FooterLine[] = [
    { text: words.sentBy(sender) },
    ...(property ? [{ text: `${words.property}: ${property.address}`, link: { href: `/property/${property.id}` } }] : []),
    { text: words.unsubscribe, link: { href: unsubscribeUrl, label: words.unsubscribeLink } },
  ]
  return { subject, heading: null, blocks: [{ type: 'message', text: message }], footer }
}

export const userMessage = defineEmail<UserMessageData>({
  kind: 'user-message.email',
  samples: [
    {
      subject: 'About <b>the</b> house',
      message: 'Hello,\nsee https://example.com/plan.pdf, and <script>x</script>.',
      sender: { name: 'Ana <b>Ruiz</b>', email: 'ana@example.com' },
      property: { id: 'l1', address: '12 <i>Elm</i> St' },
      unsubscribeUrl: 'https://offerbook.example/unsubscribe/abc.def',
    },
    { subject: 'Hello', message: 'Just checking in.', sender: { name: 'Ana Ruiz', email: 'ana@example.com' }, property: null, unsubscribeUrl: 'https://offerbook.example/unsubscribe/abc.def' },
  ],
  content: { 'en-us': (data) => messageContent('en-us', data), 'es-es': (data) => messageContent('es-es', data) },
})
