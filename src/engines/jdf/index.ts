export { buildJdf, buildTicket, buildXmlTicket, colourCode, JDF_NAMESPACE, TICKET_NAMESPACE, toPoints, xmlEscape, type JobTicket } from './ticket.js';

/** The schemas beside this file in the source tree (tests validate tickets against them with xmllint; the build does not copy them). */
export const JDF_XSD = new URL('./jdf-subset.xsd', import.meta.url);
export const TICKET_XSD = new URL('./folio-ticket.xsd', import.meta.url);
