/**
 * `npm test`'s first step: the tests need a few Debian packages — Chromium's headless shell for the end-to-end tests
 * and the desktop Chromium for the benches (Playwright cannot download its own browser here), xmllint to check LMS
 * manifests against their schemas, poppler's pdftotext and pdftoppm to read exported PDFs, and the Noto fonts those
 * PDFs embed. Finds each (CHROMIUM_PATH, when set, is the one browser both use) or installs the missing packages with
 * apt-get — as root, or through `sudo -n` — and says clearly what to do when neither works. Exit code 1 then, so the
 * run stops before building anything.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const browser = process.env.CHROMIUM_PATH;

/** What the tests use, the file that shows it is there, and the Debian package that brings it. */
const NEEDS: { what: string; file: string; pkg: string; executable: boolean }[] = [
  ...(browser
    ? []
    : [
        { what: 'Chromium', file: '/usr/bin/chromium', pkg: 'chromium', executable: true },
        { what: "Chromium's headless shell", file: '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell', executable: true },
      ]),
  { what: 'xmllint', file: '/usr/bin/xmllint', pkg: 'libxml2-utils', executable: true },
  { what: 'pdftotext', file: '/usr/bin/pdftotext', pkg: 'poppler-utils', executable: true },
  { what: 'Noto fonts', file: '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', pkg: 'fonts-noto-core', executable: false },
  { what: 'Noto CJK fonts', file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', pkg: 'fonts-noto-cjk', executable: false },
  // The server-postgres test project starts a private PostgreSQL (tools/postgres.ts); postgresql-common brings this file.
  { what: 'PostgreSQL', file: '/usr/bin/pg_ctlcluster', pkg: 'postgresql', executable: true },
  // The realtime bus over Redis is tested with a private redis-server (tools/redis.ts).
  { what: 'Redis', file: '/usr/bin/redis-server', pkg: 'redis-server', executable: true },
];

function present(file: string, executable: boolean): boolean {
  if (!executable) return existsSync(file);
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function install(packages: string[]): void {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = root ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...prefix, ...args];
    execFileSync(command!, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log(`Installing Debian's ${packages.join(', ')} (apt-get)…`);
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

if (browser && !present(browser, true)) {
  console.error(`CHROMIUM_PATH is ${browser}, which is not an executable file.`);
  process.exit(1);
}
const missing = NEEDS.filter((need) => !present(need.file, need.executable));
if (missing.length > 0) {
  try {
    install(missing.map((need) => need.pkg));
  } catch (error) {
    console.error(`Could not install ${missing.map((need) => need.what).join(', ')} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`);
    console.error(`Install them yourself (sudo apt-get install ${missing.map((need) => need.pkg).join(' ')}), then run npm test again.`);
    process.exit(1);
  }
  const still = missing.filter((need) => !present(need.file, need.executable));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map((need) => need.file).join(', ')} is still missing.`);
    process.exit(1);
  }
}
console.log(`Browsers: ${browser ?? '/usr/bin/chromium-headless-shell (end-to-end), /usr/bin/chromium (benches)'}; xmllint, pdftotext, the Noto fonts and PostgreSQL found.`);
