import type { Plugin } from 'vite';

/** The name the client reads the manifest by (`ui/app/machineHashes.ts`), replaced at build time. */
export const MACHINE_HASHES_DEFINE = '__MACHINE_HASHES__';
/** The manifest's file in the build, for support and the tools. */
export const MACHINE_HASHES_FILE = 'machine-hashes.json';

/**
 * The hash of every registry entry's definition, computed by the function the runtime and the replayer use
 * (machines/index.ts `definitionHashes`): the manifest the client writes into its session-log headers, so the client
 * need not carry the registry (every machine and its payload cases) to say which definitions it runs.
 */
export async function machineHashManifest(): Promise<Record<string, string>> {
  const { definitionHashes } = await import('../machines/index.ts');
  return definitionHashes();
}

/**
 * The vite plugin: computes the manifest when the build (or the dev server) starts, defines `__MACHINE_HASHES__` as
 * it for the client, and writes it to `dist/machine-hashes.json`.
 */
export function machineHashes(): Plugin {
  let manifest: Record<string, string> = {};
  return {
    name: 'review:machine-hashes',
    async config() {
      manifest = await machineHashManifest();
      return { define: { [MACHINE_HASHES_DEFINE]: JSON.stringify(manifest) } };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MACHINE_HASHES_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
