/** Text or an attribute value made safe inside HTML (the server-rendered pages: proofs, the Shopify install). */
export const escapeHtml = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
