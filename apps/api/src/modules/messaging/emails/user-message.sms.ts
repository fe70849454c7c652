import { defineSms } from './define'

/** A text from the Send dialog: 'Offerbook: <sender>: <message> Reply STOP to opt out.' (10DLC: who sends, how to stop). */
export type UserMessageSmsData = { senderName: string; message: string }

export const userMessageSms = defineSms<UserMessageSmsData>({
  kind: 'user-message.sms',
  samples: [{ senderName: 'Ana Ruiz', message: 'Are you free to see the house on Sunday?' }],
  text: {
    'en-us': ({ senderName, message }) => `Offerbook: ${senderName}: ${message} Reply STOP to opt out.`,
    'es-es': ({ senderName, message }) => `Offerbook: ${senderName}: ${message} Responda STOP para darse de baja.`,
  },
})
