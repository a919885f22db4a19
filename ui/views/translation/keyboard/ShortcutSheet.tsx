/**
 * The shortcut sheet (`?` in the translate tab): a modal dialog listing every shortcut of the tab; Escape or Close
 * closes it and the focus returns to where it was (the kit's Dialog).
 */
import { Button, Dialog } from '../../../kit/index.ts';
import '../../../styles/translationKeys.css';
import { t } from '../../../strings.ts';
import { isMacPlatform, shortcutSections } from './keys.ts';

export interface ShortcutSheetProps {
  open: boolean;
  onClose: () => void;
}

export function ShortcutSheet({ open, onClose }: ShortcutSheetProps) {
  const sections = shortcutSections(isMacPlatform());
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('translation.keys.title')}
      description={t('translation.keys.description')}
      size="md"
      className="translation-keys"
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('translation.keys.close')}
        </Button>
      }
    >
      {sections.map((section) => (
        <section key={section.title} className="translation-keys__section">
          <h3 className="translation-keys__heading">{t(section.title as Parameters<typeof t>[0])}</h3>
          <dl className="translation-keys__list">
            {section.entries.map((entry) => (
              <div key={entry.label} className="translation-keys__entry">
                <dt className="translation-keys__keys">
                  {entry.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && ' / '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </dt>
                <dd className="translation-keys__label">{t(entry.label as Parameters<typeof t>[0])}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
