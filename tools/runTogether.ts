/**
 * Runs npm scripts at the same time and fails if any fails: `tsx tools/runTogether.ts typecheck lint test:unit`.
 * `a+b` runs b once a has passed (one after the other, beside the others); b does not run when a failed.
 * Each script's output is kept and printed whole when it ends (under a header with its name, result and time), so
 * the log reads as if they had run one after the other; a one-line note says when each starts. The exit code is 1
 * when any script failed (all are let finish, so one run reports every failure).
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx tools/runTogether.ts <npm script>[+<npm script>…] […]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<boolean> {
  const started = Date.now();
  console.log(`▶ ${script} started`);
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (ok: boolean, why: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(chunks).toString().trimEnd();
      console.log(`\n── ${script}: ${ok ? 'passed' : `FAILED (${why})`} in ${seconds} s ${'─'.repeat(20)}`);
      if (output) console.log(output);
      resolve(ok);
    };
    child.once('error', (error) => finish(false, error.message));
    child.once('close', (code, signal) => finish(code === 0, signal ? `signal ${signal}` : `exit code ${code}`));
  });
}

/** A chain `a+b+…`: each once the one before has passed; false at the first failure. */
async function runChain(chain: string): Promise<boolean> {
  for (const script of chain.split('+')) if (!(await run(script))) return false;
  return true;
}

const results = await Promise.all(scripts.map(runChain));
const failed = scripts.filter((_, index) => !results[index]);
if (failed.length > 0) {
  console.error(`\n✘ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\n✔ ${scripts.join(', ')} passed`);
