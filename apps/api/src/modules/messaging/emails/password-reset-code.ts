import type { CodeData } from './define'
import { CODE_SAMPLE, codeContent, defineEmail } from './define'

/** The code that lets the owner of an account choose a new password. */
export const passwordResetCode = defineEmail<CodeData>({
  kind: 'account.password-reset-code',
  samples: [CODE_SAMPLE],
  content: {
    'en-us': (data) =>
      codeContent('en-us', data, {
        subject: 'Reset your Offerbook password',
        heading: 'Reset your password',
        intro: 'We received a request to reset the password of your Offerbook account. Enter this code to choose a new password:',
        action: { label: 'Reset your password', href: '/auth/recovery' },
        after: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
      }),
    'es-es': (data) =>
      codeContent('es-es', data, {
        subject: 'Restablezca su contraseña de Offerbook',
        heading: 'Restablezca su contraseña',
        intro: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Offerbook. Introduzca este código para elegir una contraseña nueva:',
        action: { label: 'Restablecer la contraseña', href: '/auth/recovery' },
        after: 'Si no lo ha solicitado usted, puede ignorar este correo: su contraseña no cambiará.',
      }),
  },
})
