/** The ledger as CSV (RFC 4180: CRLF, quoted where needed); text cells that a spreadsheet would run as a formula get a leading apostrophe. */
export interface LedgerRow {
  id: string;
  created_at: string;
  type: string;
  amount: number;
  balance_after: number;
  reference: string | null;
  refund_of: string | null;
}

export const CSV_HEADER = ['id', 'created_at', 'type', 'amount', 'balance_after', 'reference', 'refund_of'] as const;

function cell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function ledgerCsv(rows: LedgerRow[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows) lines.push([r.id, r.created_at, r.type, r.amount, r.balance_after, r.reference, r.refund_of].map(cell).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a downloaded file. */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
