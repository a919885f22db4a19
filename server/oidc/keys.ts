import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonWebKey } from 'node:crypto';

export interface OidcSecrets {
  cookieKeys: string[];
  /** Private RS256 signing keys as JWK. */
  jwks: { keys: JsonWebKey[] };
}

const FILE_NAME = 'oidc-secrets.json';

function generate(): OidcSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  return { cookieKeys: [randomBytes(32).toString('base64url')], jwks: { keys: [jwk] } };
}

/**
 * Cookie keys and signing keys survive restarts, so sessions and issued ID tokens stay valid. The
 * file is created exclusively ('wx') and owner-only, so two processes on one folder agree on it.
 */
export function loadOrCreateSecrets(dataDir: string): OidcSecrets {
  const file = path.join(dataDir, FILE_NAME);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OidcSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = generate();
  try {
    writeFileSync(file, JSON.stringify(secrets), { flag: 'wx', mode: 0o600 });
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8')) as OidcSecrets;
  }
}
