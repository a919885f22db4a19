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

/**
 * Starts the download of `url` saved as `fileName` (an `<a download>` click). The backup and video links are
 * signed links of the review service that answer with Content-Disposition attachment, so the page stays.
 */
export function startDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * The browser's leave-page warning (review-and-content §4: 'Still uploading. Are you sure you want to leave?'),
 * armed and disarmed by the returned function. Browsers show their own text; `message` is what older ones show.
 */
export function leavePageWarning(message: string): (armed: boolean) => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    event.returnValue = message;
    return message;
  };
  let current = false;
  return (armed) => {
    if (armed === current) return;
    current = armed;
    if (armed) window.addEventListener('beforeunload', onBeforeUnload);
    else window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

/**
 * Copies text to the clipboard (the share dialog's copy link). The async Clipboard API needs a secure context; on a
 * plain-http deployment it is missing, so a hidden textarea and the older copy command stand in. Failures are logged.
 */
export function copyToClipboard(text: string): void {
  const fallback = () => {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      if (!document.execCommand('copy')) console.warn('The link could not be copied.');
    } finally {
      area.remove();
    }
  };
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).catch(fallback);
  else fallback();
}
