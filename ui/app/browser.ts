import { parseRuntimeConfig, type RuntimeConfig } from '../../domain/config.ts';

/** Reads the runtime configuration the server publishes. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The app could not load its configuration (${url} answered ${response.status}).`);
  return parseRuntimeConfig(await response.json());
}

/** Saves bytes as a file download. */
export function saveFile(name: string, bytes: Uint8Array): void {
  const blob = new Blob([bytes as BlobPart], { type: 'application/gzip' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
