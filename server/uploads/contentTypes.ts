/** Content types by file extension: the `type` of the upload URL call and the type files are served with. */
const TYPES: Record<string, string> = {
  // Packages and archives
  zip: 'application/zip',
  story: 'application/octet-stream',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
  // Web pages and their assets
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  map: 'application/json; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  // Images
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  // Audio
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  // The spec's video extensions (review-and-content §5)
  flv: 'video/x-flv',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  asf: 'video/x-ms-asf',
  asx: 'video/x-ms-asf',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  mpg: 'video/mpeg',
  mpe: 'video/mpeg',
  mpeg: 'video/mpeg',
  mlv: 'video/mpeg',
  m2v: 'video/mpeg',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  dv: 'video/x-dv',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
  webm: 'video/webm',
};

const FALLBACK = 'application/octet-stream';

/** The content type for a file name (by its last extension, case-insensitive); application/octet-stream when unknown. */
export function contentTypeFor(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0 || dot === fileName.length - 1) return FALLBACK;
  return TYPES[fileName.slice(dot + 1).toLowerCase()] ?? FALLBACK;
}

/** The media type without parameters: what the upload URL call answers as `type` (the client sends it back as Content-Type). */
export function uploadTypeFor(fileName: string): string {
  return contentTypeFor(fileName).split(';')[0]!;
}
