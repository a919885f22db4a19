/**
 * The definition hash of every machine in the registry, as the build computed it (tools/machineHashes.ts, the same
 * `definitionHashes()` the replayer compares with): written into session-log headers. Read from the build's manifest
 * so the first load need not carry the registry; machines still load with their features.
 */
export function builtDefinitionHashes(): Record<string, string> {
  if (typeof __MACHINE_HASHES__ === 'undefined') throw new Error('The machine hash manifest is defined by the vite build (tools/machineHashes.ts).');
  return { ...__MACHINE_HASHES__ };
}
