#!/usr/bin/env node
// Makes a fresh checkout ready to run: npm dependencies, the Debian tools the service
// uses, and the compiled build. Plain Node with no dependencies, so it runs before
// `npm install`. Used by `npm start` and `npm test`; safe to run again (it skips what is done).
//
//   node scripts/setup.mjs          service prerequisites + build
//   node scripts/setup.mjs --test   the same plus the tools the tests use
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAdmin, ensureCustomizer } from './build-customizer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const forTests = process.argv.includes('--test');
const log = (msg) => process.stderr.write(`[setup] ${msg}\n`);

// Binaries the service calls, with the Debian package that provides each.
const SERVICE_TOOLS = [
  { bin: 'gs', pkg: 'ghostscript', why: 'CMYK conversion and prepress fixes' },
  { bin: 'pdfinfo', pkg: 'poppler-utils', why: 'PDF analysis (pdfinfo, pdffonts, pdfimages, pdftoppm)' },
  { bin: 'qpdf', pkg: 'qpdf', why: 'PDF repair and linearisation' },
];
// Extra tools only the tests use.
const TEST_TOOLS = [
  { bin: 'zbarimg', pkg: 'zbar-tools', why: 'QR decoding in tests' },
  { bin: 'chromium', pkg: 'chromium', why: 'PDF fidelity test: renders designs with Fabric.js in headless Chromium (playwright-core)' },
  { bin: 'pdftoppm', pkg: 'poppler-utils', why: 'PDF tests rasterise pages and read boxes, fonts and images (pdftoppm, pdfinfo, pdffonts, pdfimages)' },
  { bin: 'jq', pkg: 'jq', why: 'docs/quickstart.md test: runs the page\'s curl | jq commands' },
  { bin: 'curl', pkg: 'curl', why: 'docs/quickstart.md test: runs the page\'s curl commands' },
  { bin: 'strace', pkg: 'strace', why: 'Ghostscript confinement test: proves gs opens no file outside its private dir' },
  { bin: 'sshd', pkg: 'openssh-server', why: 'delivery tests: a real SFTP server (sshd -D on a loopback port, keys from ssh-keygen)' },
  { bin: 'xmllint', pkg: 'libxml2-utils', why: 'delivery tests: job tickets validated against their XSD (xmllint --schema)' },
  // The WooCommerce plugin's PHPUnit suite (test/integration/woocommerce-plugin.test.ts): PHP 8.2
  // with mysqli, XML and mbstring, PHPUnit, Debian's WordPress, and a MariaDB server it starts.
  { bin: 'php', pkg: 'php-cli', why: 'WooCommerce plugin tests: php -l and PHPUnit on WordPress' },
  { bin: 'php (mysqli)', pkg: 'php-mysql', why: 'WooCommerce plugin tests: WordPress talks to MariaDB', check: () => phpHas('mysqli') },
  { bin: 'php (xml)', pkg: 'php-xml', why: 'WooCommerce plugin tests: PHPUnit reads its XML configuration', check: () => phpHas('dom') },
  { bin: 'php (mbstring)', pkg: 'php-mbstring', why: 'WooCommerce plugin tests: WordPress string functions', check: () => phpHas('mbstring') },
  { bin: 'phpunit', pkg: 'phpunit', why: 'WooCommerce plugin tests: the PHPUnit suite' },
  { bin: '/usr/share/wordpress', pkg: 'wordpress', why: "WooCommerce plugin tests: Debian's WordPress", check: () => fs.existsSync('/usr/share/wordpress/wp-settings.php') },
  { bin: 'mariadbd', pkg: 'mariadb-server', why: "WooCommerce plugin tests: WordPress's database (a private server on a socket)", check: () => have('mariadbd') || fs.existsSync('/usr/sbin/mariadbd') },
];

function have(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

/** Whether PHP has an extension loaded (false without PHP). */
function phpHas(ext) {
  return spawnSync('php', ['-r', `exit(extension_loaded('${ext}') ? 0 : 1);`], { stdio: 'ignore' }).status === 0;
}

const present = (t) => (t.check ? t.check() : have(t.bin));

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    log(`Node.js ${process.versions.node} is too old: Folio needs Node.js 20.19 or newer.`);
    process.exit(1);
  }
}

function lockDigest() {
  const lock = path.join(root, 'package-lock.json');
  return fs.existsSync(lock) ? createHash('sha256').update(fs.readFileSync(lock)).digest('hex') : 'no-lock';
}

/**
 * The environment of `npm install`. onnxruntime-node's postinstall (script/install.js)
 * downloads CUDA libraries from a NuGet feed outside the npm registry on linux/x64 unless
 * told to skip; nothing is ever fetched from outside the registry here. npm 11's
 * `allowScripts` (package.json: `"onnxruntime-node": false`) already keeps the script from
 * running; the variable the script itself reads covers npm versions without allowScripts.
 * (It used to be an `.npmrc` key, which npm 11 warns about on every command.)
 */
export function npmInstallEnv(env) {
  return { ...env, ONNXRUNTIME_NODE_INSTALL: 'skip' };
}

function ensureNodeModules() {
  const stamp = path.join(root, 'node_modules', '.folio-installed');
  const digest = lockDigest();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  log('installing npm dependencies (npm install, pinned by package-lock.json)…');
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', env: npmInstallEnv(process.env) });
  if (res.status !== 0) {
    log('npm install failed; see the output above.');
    process.exit(res.status ?? 1);
  }
  fs.writeFileSync(stamp, digest);
}

function ensureDebianTools(tools) {
  const missing = tools.filter((t) => !present(t));
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map((t) => t.pkg))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && have('apt-get')) {
    log(`installing Debian packages: ${pkgs.join(' ')}…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env }) : update;
    if (install.status === 0 && missing.every(present)) return;
  }
  log('missing tools the service needs:');
  for (const t of missing) log(`  ${t.bin} (Debian package ${t.pkg}): ${t.why}`);
  log(`install them with: sudo apt-get install -y ${pkgs.join(' ')}`);
  process.exit(1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function ensureBuild() {
  const out = path.join(root, 'dist', 'main', 'cli.js');
  const stamp = path.join(root, 'dist', '.build-stamp');
  const srcTime = Math.max(newestMtime(path.join(root, 'src')), fs.statSync(path.join(root, 'tsconfig.json')).mtimeMs);
  if (fs.existsSync(out) && fs.existsSync(stamp) && Number(fs.readFileSync(stamp, 'utf8')) >= srcTime) return;
  log('compiling TypeScript…');
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, String(srcTime));
}

function main() {
  checkNode();
  ensureNodeModules();
  ensureDebianTools(forTests ? [...SERVICE_TOOLS, ...TEST_TOOLS] : SERVICE_TOOLS);
  ensureBuild();
  // After the TypeScript build, which empties dist/: the customizer's bundle lives in
  // dist/customizer, the back office's in dist/admin.
  try {
    ensureCustomizer({ log });
    ensureAdmin({ log });
  } catch (err) {
    log(err.message);
    process.exit(1);
  }
}

// Run as a script (`node scripts/setup.mjs`); a test imports it for npmInstallEnv alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
