import { CODE_SAMPLE, defineSms } from './define'

/** The code a signer types to sign, when the packet asks for one (issue #12). */
export const signingCodeSms = defineSms<{ code: string; minutes: number }>({
  kind: 'signing.code',
  samples: [CODE_SAMPLE],
  text: {
    'en-us': ({ code, minutes }) => `Your Offerbook signing code is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.`,
    'es-es': ({ code, minutes }) => `Su código de firma de Offerbook es ${code}. Es válido durante ${minutes} minutos. No lo comparta con nadie.`,
  },
})
