import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/** An endpoint turned off after 3 days of failed deliveries (decision 079), to its owner. */
export type WebhookDisabledData = { url: string }

const WORDS = {
  'en-us': {
    subject: 'A webhook endpoint was turned off',
    heading: 'Deliveries to your webhook endpoint stopped',
    paragraph: (url: string) => `Offerbook could not deliver events to ${url} for 3 days, so the endpoint was turned off. Fix the receiver, then turn the endpoint on again and redeliver what it missed from your profile.`,
    action: 'Open your profile',
  },
  'es-es': {
    subject: 'Se desactivó un destino de webhook',
    heading: 'Se detuvieron los envíos a su destino de webhook',
    paragraph: (url: string) => `Offerbook no pudo entregar eventos a ${url} durante 3 días, así que el destino se desactivó. Corrija el receptor, vuelva a activar el destino y reenvíe lo que no recibió desde su perfil.`,
    action: 'Abrir su perfil',
  },
} as const

function content(locale: keyof typeof WORDS, { url }: WebhookDisabledData): EmailContent {
  const words = WORDS[locale]
  return {
    subject: words.subject,
    heading: words.heading,
    blocks: [
      { type: 'paragraph', text: words.paragraph(url) },
      { type: 'action', label: words.action, href: '/profile' },
    ],
    footer: brandFooter(locale),
  }
}

export const webhookDisabled = defineEmail<WebhookDisabledData>({
  kind: 'webhook.disabled',
  samples: [{ url: 'https://backoffice.example.com/hooks/<b>offerbook</b>' }],
  content: { 'en-us': (data) => content('en-us', data), 'es-es': (data) => content('es-es', data) },
})
