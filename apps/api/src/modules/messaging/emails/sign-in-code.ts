import type { CodeData } from './define'
import { CODE_SAMPLE, codeContent, defineEmail } from './define'

/** After many sign-in tries on an account, to its owner once the right password was given (issue #29). */
export const signInCode = defineEmail<CodeData>({
  kind: 'account.sign-in-code',
  samples: [CODE_SAMPLE],
  content: {
    'en-us': (data) =>
      codeContent('en-us', data, {
        subject: 'Your Offerbook sign-in code',
        heading: 'Finish signing in',
        intro: 'There were many sign-in tries on your Offerbook account, so signing in now takes this code as well as your password:',
        after: 'If it was not you who signed in just now, someone knows your password: choose a new one from the sign-in page with Forgot password.',
      }),
    'es-es': (data) =>
      codeContent('es-es', data, {
        subject: 'Su código para iniciar sesión en Offerbook',
        heading: 'Termine de iniciar sesión',
        intro: 'Ha habido muchos intentos de iniciar sesión en su cuenta de Offerbook, así que ahora hace falta este código además de su contraseña:',
        after: 'Si no ha sido usted quien acaba de iniciar sesión, alguien conoce su contraseña: elija una nueva desde la página de inicio de sesión con ¿Olvidó su contraseña?',
      }),
  },
})
