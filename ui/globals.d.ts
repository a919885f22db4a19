declare const __APP_VERSION__: string;
declare const __BUILD_ID__: string;
/** The build's machine definition hashes (tools/machineHashes.ts). */
declare const __MACHINE_HASHES__: Record<string, string>;
