import path from 'node:path';
import { downtimeFromEnv, EnvConfigError, eventLogFromEnv, jobRetryFromEnv, linkUrlsFromEnv, outboxDeliveryFromEnv, reconnectPolicyFromEnv, serviceUrlsFromEnv } from './config.ts';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a non-negative integer, got "${raw}".`);
    process.exit(1);
  }
  return value;
}

/** A setting read from the environment, or a clear message and exit code 1. */
function fromEnv<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The same for a setting checked while the server starts (PACKAGE_URL is checked against the public URL). */
async function fromEnvAsync<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// Every setting is read, and a wrong one refused, before the service's modules are loaded: a bad setting is reported
// at once instead of after the whole service has loaded.
const settings = fromEnv(() => ({
  port: intFromEnv('PORT', 3000),
  host: process.env.HOST || undefined,
  dataDir: path.resolve(process.env.DATA_DIR || './data'),
  publicUrl: process.env.PUBLIC_URL || undefined,
  packageUrl: process.env.PACKAGE_URL || undefined,
  accessTokenTtlSeconds: intFromEnv('ACCESS_TOKEN_TTL_SECONDS', 3600) || 3600,
  serviceUrls: serviceUrlsFromEnv(process.env),
  linkUrls: linkUrlsFromEnv(process.env),
  socketReconnect: fromEnv(() => reconnectPolicyFromEnv(process.env)),
  eventLog: fromEnv(() => eventLogFromEnv(process.env)),
  downtime: fromEnv(() => downtimeFromEnv(process.env)),
  jobRetry: fromEnv(() => jobRetryFromEnv(process.env)),
  outboxDeliveryMs: fromEnv(() => outboxDeliveryFromEnv(process.env)),
  ...(process.env.COURSE_IMPORT_DELAY_MS?.trim() ? { courseImportDelayMs: intFromEnv('COURSE_IMPORT_DELAY_MS', 1500) } : {}),
  logger: process.env.LOG_REQUESTS === '1',
}));
const [{ startServer }, { DEFAULT_DEMO_PASSWORD, DEMO_ACCOUNTS }] = await Promise.all([import('./app.ts'), import('./seed.ts')]);
const demoPassword = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
const server = await fromEnvAsync(() => startServer({ ...settings, demoPassword }));

console.log(`Review dashboard listening on ${server.url}`);
console.log('');
console.log('Demo accounts (password for all: %s):', demoPassword);
const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
const nameWidth = Math.max(...DEMO_ACCOUNTS.map((a) => a.name.length));
for (const account of DEMO_ACCOUNTS) {
  console.log(`  ${account.email.padEnd(width)}  ${account.name.padEnd(nameWidth)}  ${account.kind}`);
}

// Loaded once the service is listening, not inside the first LMS export (its first load holds the event loop).
setImmediate(() => void import('./exports/lms/manifests.ts').then((m) => m.preloadManifestBuilder()).catch(() => undefined));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, shutting down.`);
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error('Shutdown failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
