import { CODE_SAMPLE, defineSms } from './define'

/** The code that proves a phone number. */
export const phoneCodeSms = defineSms<{ code: string; minutes: number }>({
  kind: 'account.phone-code',
  samples: [CODE_SAMPLE],
  text: {
    'en-us': ({ code, minutes }) => `Your Offerbook phone code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    'es-es': ({ code, minutes }) => `Su código de teléfono de Offerbook es ${code}. Es válido durante ${minutes} minutos. Si no lo ha solicitado, ignore este mensaje.`,
  },
})
