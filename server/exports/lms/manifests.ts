/**
 * The manifests of an LMS package, each built from a fixed template with an XML library (xmlbuilder2) or a CSV
 * writer (csv-stringify), never by pasting user text into markup: imsmanifest.xml for SCORM 1.2 and SCORM 2004 (2nd,
 * 3rd, 4th edition), the AICC course files (.crs, .au, .des, .cst) and tincan.xml for xAPI.
 */
import type { LmsTarget } from '../../../domain/lmsExport.ts';

/** What every manifest names. */
export interface ManifestInput {
  /** Starts with a letter (an xs:ID): `lms-<uuid>`. */
  identifier: string;
  title: string;
  /** The files of the launched resource, relative to the package root, the launch page first. */
  files: readonly string[];
  /** xAPI activity id, AICC course id. */
  activityId: string;
  completePercent: number;
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

type ScormTarget = Extract<LmsTarget, 'scorm12' | 'scorm2004_2nd' | 'scorm2004_3rd' | 'scorm2004_4th'>;

/** The schema folder under schemas/ shipped with each SCORM target (the same name as the target). */
export const SCORM_TARGETS: readonly ScormTarget[] = ['scorm12', 'scorm2004_2nd', 'scorm2004_3rd', 'scorm2004_4th'];

export function isScormTarget(target: LmsTarget): target is ScormTarget {
  return (SCORM_TARGETS as readonly LmsTarget[]).includes(target);
}

/** The namespaces of each SCORM manifest and the schema files that describe them (xsi:schemaLocation). */
export const SCORM_NAMESPACES: Readonly<Record<ScormTarget, readonly (readonly [prefix: string, namespace: string, schema: string])[]>> = {
  scorm12: [
    ['', 'http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
    ['adlcp', 'http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
    ['imsmd', 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1', 'imsmd_rootv1p2p1.xsd'],
  ],
  scorm2004_2nd: scorm2004Namespaces(),
  scorm2004_3rd: scorm2004Namespaces(),
  scorm2004_4th: scorm2004Namespaces(),
};

function scorm2004Namespaces() {
  return [
    ['', 'http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
    ['adlcp', 'http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
    ['adlseq', 'http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
    ['adlnav', 'http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
    ['imsss', 'http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
  ] as const;
}

/** <schemaversion> per target: SCORM 1.2, CAM 1.3 (2004 2nd edition), 2004 3rd Edition, 2004 4th Edition. */
const SCHEMA_VERSION: Readonly<Record<ScormTarget, string>> = {
  scorm12: '1.2',
  scorm2004_2nd: 'CAM 1.3',
  scorm2004_3rd: '2004 3rd Edition',
  scorm2004_4th: '2004 4th Edition',
};

/** xmlbuilder2, loaded with the first SCORM or xAPI package or by preloadManifestBuilder, not with the service's modules. */
const loadXmlBuilder = () => import('xmlbuilder2');

/**
 * Loads the manifests' XML builder now: its first load holds the event loop for about 90 ms, which the service's
 * process does once it has started (server/main.ts), not inside the first LMS export.
 */
export function preloadManifestBuilder(): Promise<void> {
  return loadXmlBuilder().then(() => undefined);
}

/** imsmanifest.xml: one organization with one item launching one SCO, its files listed. */
export async function scormManifest(target: ScormTarget, input: ManifestInput): Promise<string> {
  const { create } = await loadXmlBuilder();
  const namespaces = SCORM_NAMESPACES[target];
  const attributes: Record<string, string> = { identifier: input.identifier, version: '1' };
  for (const [prefix, namespace] of namespaces) attributes[prefix === '' ? 'xmlns' : `xmlns:${prefix}`] = namespace;
  attributes['xmlns:xsi'] = XSI;
  attributes['xsi:schemaLocation'] = namespaces.map(([, namespace, schema]) => `${namespace} ${schema}`).join(' ');

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('manifest', attributes);
  root.ele('metadata').ele('schema').txt('ADL SCORM').up().ele('schemaversion').txt(SCHEMA_VERSION[target]);
  const organization = root.ele('organizations', { default: 'organization_1' }).ele('organization', { identifier: 'organization_1' });
  organization.ele('title').txt(input.title);
  organization.ele('item', { identifier: 'item_1', identifierref: 'resource_1', isvisible: 'true' }).ele('title').txt(input.title);
  const scormType = target === 'scorm12' ? 'adlcp:scormtype' : 'adlcp:scormType';
  const resource = root.ele('resources').ele('resource', { identifier: 'resource_1', type: 'webcontent', [scormType]: 'sco', href: input.files[0] ?? 'index.html' });
  for (const file of input.files) resource.ele('file', { href: file });
  return root.end({ prettyPrint: true });
}

/** tincan.xml: the one activity and its launch page. */
export async function tincanXml(input: ManifestInput): Promise<string> {
  const { create } = await loadXmlBuilder();
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('tincan', { xmlns: 'http://projecttincan.com/tincan.xsd' });
  const activity = root.ele('activities').ele('activity', { id: input.activityId, type: 'http://adlnet.gov/expapi/activities/course' });
  activity.ele('name').txt(input.title);
  activity.ele('description', { lang: 'und' }).txt(`Video. Completed once ${input.completePercent}% of it has been watched.`);
  activity.ele('launch', { lang: 'und' }).txt(input.files[0] ?? 'index.html');
  return root.end({ prettyPrint: true });
}

/** An INI value on one line: line breaks and the characters INI readers split on cannot reach the file. */
function iniValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\r\n\u0000-\u001f\u2028\u2029]/g, ' ').replace(/^\[/, '(');
}

function iniFile(sections: readonly (readonly [name: string, entries: readonly (readonly [string, string])[] | string])[]): string {
  const lines: string[] = [];
  for (const [name, entries] of sections) {
    lines.push(`[${name}]`);
    if (typeof entries === 'string') lines.push(iniValue(entries));
    else for (const [key, value] of entries) lines.push(`${key}=${iniValue(value)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The CSV writer of the AICC files (csv-stringify loads with the first AICC package, not with the server). */
async function csvWriter(): Promise<(rows: readonly (readonly string[])[]) => string> {
  const { stringify } = await import('csv-stringify/sync');
  return (rows) => stringify(rows as string[][], { quoted: true, record_delimiter: 'windows' });
}

/** The AICC course structure (CMI001, level 1, HACP): course.crs, course.au, course.des, course.cst. */
export async function aiccFiles(input: ManifestInput): Promise<Record<string, string>> {
  const launch = input.files[0] ?? 'index.html';
  const csvFile = await csvWriter();
  return {
    'course.crs': iniFile([
      [
        'Course',
        [
          ['Course_Creator', 'Review dashboard'],
          ['Course_ID', input.identifier],
          ['Course_System', 'HACP'],
          ['Course_Title', input.title],
          ['Level', '1'],
          ['Max_Fields_CST', '2'],
          ['Total_AUs', '1'],
          ['Total_Blocks', '0'],
          ['Version', '4.0'],
        ],
      ],
      ['Course_Behavior', [['Max_Normal', '99']]],
      ['Course_Description', input.title],
    ]),
    'course.au': csvFile([
      ['System_ID', 'Type', 'Command_Line', 'Max_Time_Allowed', 'Time_Limit_Action', 'File_Name', 'Max_Score', 'Mastery_Score', 'System_Vendor', 'Core_Vendor', 'Web_Launch', 'AU_Password'],
      ['A1', 'video', '', '', '', launch, '100', '', '', '', '', ''],
    ]),
    'course.des': csvFile([
      ['System_ID', 'Developer_ID', 'Title', 'Description'],
      ['A1', input.identifier, input.title, `Video. Completed once ${input.completePercent}% of it has been watched.`],
    ]),
    'course.cst': csvFile([
      ['Block', 'Member'],
      ['ROOT', 'A1'],
    ]),
  };
}
