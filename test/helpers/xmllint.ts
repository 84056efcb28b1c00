import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** xmllint's verdict on a document against a schema (gate callers with needs('xmllint')). */
export function validateXml(xml: string, xsd: URL): { ok: boolean; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-xml-'));
  try {
    const file = path.join(dir, 'document.xml');
    fs.writeFileSync(file, xml);
    const r = spawnSync('xmllint', ['--noout', '--schema', xsd.pathname, file], { encoding: 'utf8' });
    return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
