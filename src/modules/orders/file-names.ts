/**
 * The name of an order's print file (docs/orders.md § Print files):
 * `<code>-<line>-<product>-<quantity>x[-v<n>].pdf`, e.g. `P-7K3M9Q2X-1-business-card-250x.pdf`.
 * `line` is the shop's line item id (or `1`), `product` the product's name in lower-case ASCII
 * words joined by `-` (at most 40 characters; `design` when it has none), `-v<n>` only when the
 * order's designs were frozen again (n > 1). Only `[A-Za-z0-9._-]`: safe on every file system,
 * FTP server and hot folder.
 */
export function printFileName(o: { code: string; lineItemId: string | null; product: string | null; quantity: number; version: number }, kind: 'print' | 'proof' = 'print'): string {
  const slug = (s: string, max: number) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max)
      .replace(/-+$/g, '');
  const line = o.lineItemId ? o.lineItemId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 64) : '1';
  const product = (o.product && slug(o.product, 40)) || 'design';
  const code = o.code.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${code}-${line}-${product}-${o.quantity}x${o.version > 1 ? `-v${o.version}` : ''}${kind === 'proof' ? '-proof' : ''}.pdf`;
}
