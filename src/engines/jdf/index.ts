export { buildJdf, buildTicket, buildXmlTicket, colourCode, JDF_NAMESPACE, TICKET_NAMESPACE, toPoints, xmlEscape, type JobTicket } from './ticket.js';

/** The shipped schemas (beside this file), for validating tickets with xmllint. */
export const JDF_XSD = new URL('./jdf-subset.xsd', import.meta.url);
export const TICKET_XSD = new URL('./folio-ticket.xsd', import.meta.url);
