/**
 * `npm test`'s first step: the end-to-end tests need Debian's Chromium (Playwright cannot download its own browser
 * here). Finds it (CHROMIUM_PATH, else /usr/bin/chromium) or installs Debian's package with apt-get — as root, or
 * through `sudo -n` — and says clearly what to do when neither works. Exit code 1 then, so the run stops before
 * building anything.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function runnable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function install(): void {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = root ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...prefix, ...args];
    execFileSync(command!, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log(`Chromium is not at ${browser}: installing Debian's chromium package (apt-get)…`);
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium']);
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
