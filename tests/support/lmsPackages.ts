/**
 * Reading LMS export packages in tests (server/exports/lms): the zip's files, a manifest validated with
 * `xmllint --schema` against the official schema files the package ships (server/exports/lms/schemas/<target>/), and
 * a small RFC 4180 reader for the AICC CSV files.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { SCORM_NAMESPACES, type SCORM_TARGETS } from '../../server/exports/lms/manifests.ts';
import { SCHEMAS_DIR } from '../../server/exports/lms/package.ts';

const run = promisify(execFile);

export type ScormTarget = (typeof SCORM_TARGETS)[number];

/** The files of a zip by path, and one read as UTF-8 text. */
export function unzipPackage(bytes: Uint8Array): { files: Record<string, Uint8Array>; text: (name: string) => string } {
  const files = unzipSync(bytes);
  return {
    files,
    text: (name) => {
      const file = files[name];
      if (!file) throw new Error(`${name} is not in the package (it has ${Object.keys(files).join(', ')})`);
      return strFromU8(file);
    },
  };
}

/**
 * Validates `manifest` with xmllint against the schema files of `target` in `schemaDir` (the package's own copy or
 * the repository's): a wrapper schema imports every namespace the manifest uses from there (the XML namespace first,
 * from the local xml.xsd, so nothing is fetched). Resolves with xmllint's words and whether it said "validates".
 */
export async function validateManifest(target: ScormTarget, manifest: string, schemaDir = path.join(SCHEMAS_DIR, target)): Promise<{ valid: boolean; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lms-manifest-'));
  try {
    const location = (file: string) => new URL(`file://${path.resolve(schemaDir, file)}`).href;
    const xmlImport = target === 'scorm12' ? '' : `<xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="${location('xml.xsd')}"/>`;
    const imports = SCORM_NAMESPACES[target].map(([, namespace, file]) => `<xs:import namespace="${namespace}" schemaLocation="${location(file)}"/>`).join('\n');
    const wrapper = `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test:lms-wrapper">\n${xmlImport}\n${imports}\n</xs:schema>\n`;
    await writeFile(path.join(dir, 'wrapper.xsd'), wrapper);
    await writeFile(path.join(dir, 'imsmanifest.xml'), manifest);
    try {
      const { stdout, stderr } = await run('xmllint', ['--noout', '--nonet', '--schema', path.join(dir, 'wrapper.xsd'), path.join(dir, 'imsmanifest.xml')]);
      const output = `${stdout}${stderr}`;
      return { valid: /imsmanifest\.xml validates/.test(output), output };
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      return { valid: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rows of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The configuration the package's player reads (config.js), as the browser would evaluate it. */
export function playerConfig(configScript: string): Record<string, unknown> {
  const window: { LMS_EXPORT_CONFIG?: Record<string, unknown> } = {};
  new Function('window', configScript)(window);
  return window.LMS_EXPORT_CONFIG ?? {};
}
