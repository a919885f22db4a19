/**
 * `npm test`'s first step: the end-to-end tests need Debian's Chromium (Playwright cannot download its own browser
 * here), the comment export its fonts and pdftotext (installed the same way). Finds it (CHROMIUM_PATH, else /usr/bin/chromium) or installs Debian's package with apt-get — as root, or
 * through `sudo -n` — and says clearly what to do when neither works. Exit code 1 then, so the run stops before
 * building anything.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function runnable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function aptInstall(packages: string[]): void {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = root ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...prefix, ...args];
    execFileSync(command!, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...packages]);
}

function install(): void {
  console.log(`Chromium is not at ${browser}: installing Debian's chromium package (apt-get)…`);
  aptInstall(['chromium']);
}

if (!runnable(browser)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is ${browser}, which is not an executable file.`);
    process.exit(1);
  }
  try {
    install();
  } catch (error) {
    console.error(`Could not install Chromium (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`);
    console.error('Install it yourself (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.');
    process.exit(1);
  }
  if (!runnable(browser)) {
    console.error(`apt-get finished but ${browser} is still missing; set CHROMIUM_PATH to a Chromium binary.`);
    process.exit(1);
  }
}
console.log(`End-to-end browser: ${browser}`);

// Comment export (server/exports/comments): the PDF embeds Debian's Noto fonts (Latin, Arabic, Hebrew, CJK), and the
// export tests read PDFs with poppler's pdftotext; installed like Chromium when missing.
const exportNeeds: [string, string][] = [
  ['/usr/bin/pdftotext', 'poppler-utils'],
  ['/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf', 'fonts-noto-core'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'fonts-noto-cjk'],
];
const missing = exportNeeds.filter(([file]) => !existsSync(file)).map(([, name]) => name);
if (missing.length > 0) {
  console.log(`Installing ${missing.join(', ')} for the comment export (apt-get)…`);
  try {
    aptInstall(missing);
  } catch (error) {
    console.error(`Could not install ${missing.join(', ')} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`);
    console.error(`Install them yourself (sudo apt-get install ${missing.join(' ')}), then run npm test again.`);
    process.exit(1);
  }
}
