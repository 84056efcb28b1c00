import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensurePrivateDir } from '../private-fs.js';

export interface ServerSecrets {
  jwtSecret: string;
  encryptionKey: string;
  signingKey: string;
}

/**
 * Secrets the server needs but the operator did not configure are generated once into
 * `<dataDir>/secrets.json` (mode 0600) so they survive restarts. Several processes
 * (scale-out) must be given the same values through the environment instead.
 */
export function loadServerSecrets(dataDir: string, configured: Partial<ServerSecrets>): ServerSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<ServerSecrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>;
  const merged: ServerSecrets = {
    jwtSecret: configured.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: configured.encryptionKey ?? stored.encryptionKey ?? randomBytes(32).toString('hex'),
    signingKey: configured.signingKey ?? stored.signingKey ?? randomBytes(48).toString('base64url'),
  };
  const toStore = {
    jwtSecret: stored.jwtSecret ?? merged.jwtSecret,
    encryptionKey: stored.encryptionKey ?? merged.encryptionKey,
    signingKey: stored.signingKey ?? merged.signingKey,
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    ensurePrivateDir(dataDir);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(toStore, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return merged;
}
