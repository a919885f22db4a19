/**
 * Service processes started by cluster tests and the cluster bench: an instance (server/main.ts) waited for until it
 * listens, and the job worker (tests/support/jobWorker.ts) waited for until it polls, with the first job it claims.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Resolves with `child` once it prints "listening on"; rejects if it exits first. */
export function untilListening(child: ChildProcess, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('listening on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`instance on ${port} exited with ${code} before it listened`)));
  });
}

/** Starts the job worker with `env` (JOB_DATABASE_URL, JOB_DATA_DIR, JOB_KIND, JOB_LEASE_MS); resolves once it polls. */
export async function startJobWorker(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; claimed: Promise<string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/jobWorker.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  let ready!: () => void;
  let claimed!: (id: string) => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const claim = new Promise<string>((resolve) => (claimed = resolve));
  lines.on('line', (line) => (line === 'ready' ? ready() : line.startsWith('claimed ') && claimed(line.slice('claimed '.length))));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the job worker exited with ${code} before it polled`))));
  exited.catch(() => undefined); // a worker killed later is not an error
  await Promise.race([isReady, exited]);
  return { child, claimed: claim };
}
