import type { TimelineOwner } from '@offerbook/domain/contract-timeline'
import type { Message, MessageKey } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'

/**
 * The timeline's words in Spanish for the calendar and the reminders, which the API writes itself (the browser reads
 * them from locales/es-es/messages-timeline.json; calendar.test.ts checks that both say the same).
 * In en-us the calendar reads the catalogue (messageText).
 */
export const TIMELINE_ES: Readonly<Partial<Record<MessageKey, string>>> = {
  'timeline.earnestMoney': "Vence el depósito de garantía",
  'timeline.earnestMoneyIfNothing': "Si el depósito de garantía no se entrega a tiempo, el comprador incumple el contrato y el vendedor puede rescindirlo.",
  'timeline.additionalEarnestMoney': "Vence el depósito de garantía adicional",
  'timeline.additionalEarnestMoneyIfNothing': "Si no se paga a tiempo, el vendedor puede rescindir el contrato mediante aviso por escrito en un plazo de {days} días; pasado ese plazo, esta opción se extingue.",
  'timeline.proofOfFunds': "Vence la prueba de fondos",
  'timeline.proofOfFundsIfNothing': "Si el comprador no acredita los fondos a tiempo, incumple el contrato y el vendedor puede rescindirlo.",
  'timeline.loanApplication': "Vence la solicitud del préstamo",
  'timeline.loanApplicationIfNothing': "Si el comprador no ha solicitado el préstamo a tiempo, incumple el contrato y el vendedor puede rescindirlo.",
  'timeline.lenderIntent': "Confirmación del prestamista de que sigue adelante",
  'timeline.lenderIntentIfNothing': "Esta fecha es habitual, no es una condición del contrato. Sin noticias del prestamista, la parte vendedora no sabe si el préstamo avanza y puede pedir la confirmación por escrito.",
  'timeline.appraisalOrdered': "Tasación encargada",
  'timeline.appraisalOrderedIfNothing': "Esta fecha es habitual, no es una condición del contrato. Una tasación encargada tarde puede retrasar el cierre, y la fecha de cierre no cambia por sí sola.",
  'timeline.appraisalContingency': "Condición de tasación: renunciar a ella o rescindir el contrato",
  'timeline.appraisalContingencyIfNothing': "Tras una tasación baja, el comprador tiene {days} días para renunciar a la condición o rescindir el contrato. Si no hace ninguna de las dos cosas, se considera que ha renunciado a ella.",
  'timeline.rentalInspectionNotice': "Último día para pedir las inspecciones de la propiedad alquilada",
  'timeline.rentalInspectionNoticeIfNothing': "Una inspección pedida más tarde puede no acordarse con el inquilino antes de que termine el periodo de inspección.",
  'timeline.inspectionPeriod': "Termina el periodo de inspección",
  'timeline.inspectionPeriodIfNothing': "Si el comprador no envía un aviso por escrito a tiempo, acepta la propiedad en su estado actual.",
  'timeline.resolutionPeriod': "Termina el periodo de resolución",
  'timeline.resolutionPeriodIfNothing': "Sin un acuerdo por escrito sobre las reparaciones a tiempo, el contrato se extingue y el depósito de garantía se devuelve al comprador.",
  'timeline.condoDescription': "Descripción legal del condominio completada",
  'timeline.condoDescriptionIfNothing': "Si el vendedor se retrasa, los {days} días del comprador para aceptarla u oponerse empiezan a contar cuando la recibe.",
  'timeline.condoDescriptionReview': "Descripción legal del condominio: aceptarla u oponerse",
  'timeline.condoDescriptionReviewIfNothing': "Si el comprador no se ha opuesto por escrito a tiempo, el plazo para oponerse según esta cláusula ha vencido.",
  'timeline.condoDocuments': "Documentos del condominio entregados",
  'timeline.condoDocumentsIfNothing': "Si el vendedor se retrasa, los {days} días del comprador para revisarlos empiezan a contar cuando los recibe.",
  'timeline.condoDocumentsReview': "Documentos del condominio: último día para rescindir el contrato",
  'timeline.hoaDocuments': "Documentos de la asociación de propietarios entregados",
  'timeline.hoaDocumentsIfNothing': "Si el vendedor no los ha entregado a tiempo, el comprador puede rescindir el contrato mediante aviso por escrito en un plazo de {days} días, con devolución del depósito de garantía.",
  'timeline.hoaDocumentsReview': "Documentos de la asociación de propietarios: último día para rescindir el contrato",
  'timeline.leases': "Contratos de arrendamiento y relación de rentas entregados",
  'timeline.leasesIfNothing': "Si el vendedor se retrasa, los {days} días del comprador para revisarlos empiezan a contar cuando los recibe.",
  'timeline.leasesReview': "Contratos de arrendamiento: último día para rescindir el contrato",
  'timeline.documentsReviewIfNothing': "Si el comprador no ha rescindido el contrato por escrito a tiempo, el derecho a rescindirlo por estos documentos ha vencido.",
  'timeline.title': "Defectos del título comunicados",
  'timeline.titleIfNothing': "Un defecto del título que el comprador no haya comunicado por escrito antes del cierre no corresponde al vendedor subsanarlo.",
  'timeline.closing': "Cierre (en o antes de)",
  'timeline.closingIfNothing': "Si el cierre no se ha producido a tiempo y ninguna enmienda firmada cambia la fecha, la parte que no estaba preparada incumple el contrato.",
  'timeline.possession': "Entrega de la posesión al comprador",
  'timeline.possessionIfNothing': "Si el vendedor no ha entregado la propiedad a tiempo, incumple el contrato.",
}

/** A timeline message in the reader's language: the catalogue's own English, or TIMELINE_ES. */
export function timelineText(language: string, { key, params = {} }: Message): string {
  if (language !== 'es-es') return messageText(key, params)
  const template = TIMELINE_ES[key] ?? messageText(key)
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole))
}

/** Who owns an item, in the reader's words (the calendar's descriptions, the reminders). */
export const TIMELINE_OWNER_WORDS: Readonly<Record<'en-us' | 'es-es', Record<TimelineOwner, string>>> = {
  'en-us': { buyer: 'Buyer', seller: 'Seller', both: 'Both sides', lender: 'Lender' },
  'es-es': { buyer: 'Comprador', seller: 'Vendedor', both: 'Ambas partes', lender: 'Prestamista' },
}
