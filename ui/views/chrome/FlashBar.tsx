import { useState } from 'react';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** Where a message for the next page load is kept (this tab only). */
export const FLASH_STORAGE_KEY = 'review.flashMessage';

/** Leaves a message for the flash bar of the next page this tab loads (e.g. before a reload or a redirect back). */
export function setFlashMessage(text: string): void {
  try {
    window.sessionStorage.setItem(FLASH_STORAGE_KEY, text);
  } catch {
    // Storage may be off; the message is then lost, nothing else.
  }
}

function takeFlashMessage(): string | null {
  try {
    const text = window.sessionStorage.getItem(FLASH_STORAGE_KEY);
    window.sessionStorage.removeItem(FLASH_STORAGE_KEY);
    return text && text.trim() !== '' ? text : null;
  } catch {
    return null;
  }
}

/** The flash message bar (review-and-content §2): a one-time message left for this page load, until dismissed. */
export function FlashBar() {
  const [message, setMessage] = useState<string | null>(() => (typeof window === 'undefined' ? null : takeFlashMessage()));
  if (message === null) return null;
  return (
    <div className="flash-bar" role="status">
      <p className="flash-bar__text">{message}</p>
      <Button variant="ghost" size="sm" aria-label={t('flash.dismiss')} onClick={() => setMessage(null)}>
        ×
      </Button>
    </div>
  );
}
