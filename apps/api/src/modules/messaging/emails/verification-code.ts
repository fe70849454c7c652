import type { CodeData } from './define'
import { CODE_SAMPLE, codeContent, COMMON, defineEmail } from './define'

/** The code that proves an email address (sign-up, single sign-on). */
export const verificationCode = defineEmail<CodeData>({
  kind: 'account.verification-code',
  samples: [CODE_SAMPLE],
  content: {
    'en-us': (data) =>
      codeContent('en-us', data, {
        subject: `Your Offerbook verification code: ${data.code}`,
        heading: 'Verify your email address',
        intro: 'Enter this code in Offerbook to verify your email address:',
        after: COMMON['en-us'].ignore,
      }),
    'es-es': (data) =>
      codeContent('es-es', data, {
        subject: `Su código de verificación de Offerbook: ${data.code}`,
        heading: 'Verifique su dirección de correo electrónico',
        intro: 'Introduzca este código en Offerbook para verificar su dirección de correo electrónico:',
        after: COMMON['es-es'].ignore,
      }),
  },
})
