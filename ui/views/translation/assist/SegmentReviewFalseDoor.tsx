/**
 * The segment review false door (translation-editor §2 dialogs: segment review false door): a "Request segment
 * review" button whose dialog says the feature is coming and asks whether to notify the user. Presentational: the
 * container's machine keeps whether the dialog is open and whether the user asked to be notified, and records the
 * interest (an analytics event); nothing else happens.
 */
import { Button, CheckIcon, Dialog } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface SegmentReviewFalseDoorViewProps {
  open: boolean;
  /** The user asked to be notified: the thanks shows instead of the question. */
  notified: boolean;
  disabled?: boolean;
  onOpen: () => void;
  onClose: () => void;
  onNotify: () => void;
}

/** The false door drawn from its props. */
export function SegmentReviewFalseDoorView({ open, notified, disabled = false, onOpen, onClose, onNotify }: SegmentReviewFalseDoorViewProps) {
  return (
    <>
      <Button size="sm" variant="secondary" className="assist-false-door__button" disabled={disabled} aria-haspopup="dialog" onClick={onOpen}>
        {t('translationAssist.falseDoor.button')}
      </Button>
      <Dialog
        open={open}
        onClose={onClose}
        size="sm"
        title={t('translationAssist.falseDoor.title')}
        className="assist-false-door"
        footer={
          notified ? (
            <Button variant="primary" onClick={onClose}>
              {t('translationAssist.falseDoor.close')}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={onClose}>
                {t('translationAssist.falseDoor.close')}
              </Button>
              <Button variant="primary" onClick={onNotify}>
                {t('translationAssist.falseDoor.notify')}
              </Button>
            </>
          )
        }
      >
        {notified ? (
          <p className="assist-false-door__thanks" role="status">
            <CheckIcon size={16} />
            <span>{t('translationAssist.falseDoor.thanks')}</span>
          </p>
        ) : (
          <p>{t('translationAssist.falseDoor.body')}</p>
        )}
      </Dialog>
    </>
  );
}
