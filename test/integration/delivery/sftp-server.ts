import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SSHD_PATH } from '../../helpers/requirements.js';
import { freePort } from '../../helpers/ports.js';

/** A free loopback port (closed again before sshd takes it). */

function keygen(file: string): { privateKey: string; publicKey: string; fingerprint: string } {
  const r = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'folio-test', '-f', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ssh-keygen failed: ${r.stderr}`);
  const fp = spawnSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`], { encoding: 'utf8' }).stdout.split(' ')[1]!;
  return { privateKey: fs.readFileSync(file, 'utf8'), publicKey: fs.readFileSync(`${file}.pub`, 'utf8'), fingerprint: fp };
}

export interface SftpServer {
  port: number;
  user: string;
  /** the directory deliveries go to (absolute, on this machine) */
  inbox: string;
  /** the key in authorized_keys */
  clientKey: string;
  /** a key the server does not know */
  wrongKey: string;
  /** `SHA256:…` of the server's host key */
  hostFingerprint: string;
  close(): Promise<void>;
}

/**
 * OpenSSH's sshd on a free loopback port, run as the current user with a temporary host key and
 * authorized key: no PAM, no strict modes, the in-process SFTP server.
 */
export async function startSftpServer(): Promise<SftpServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sshd-'));
  const host = keygen(path.join(dir, 'host_key'));
  const client = keygen(path.join(dir, 'client_key'));
  const wrong = keygen(path.join(dir, 'wrong_key'));
  fs.writeFileSync(path.join(dir, 'authorized_keys'), client.publicKey);
  const inbox = path.join(dir, 'inbox');
  fs.mkdirSync(inbox);
  const user = os.userInfo().username;
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(dir, 'host_key')}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      'UsePAM no',
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${user}`,
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  // Privilege separation needs its empty directory when sshd starts as root.
  if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const proc: ChildProcess = spawn(SSHD_PATH, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  // Ready when the port accepts a connection.
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`sshd exited (${proc.exitCode}): ${stderr}`);
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => (sock.destroy(), resolve(true)));
      sock.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() - started > 10_000) throw new Error(`sshd did not listen on ${port}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    user,
    inbox,
    clientKey: client.privateKey,
    wrongKey: wrong.privateKey,
    hostFingerprint: host.fingerprint,
    async close() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
