/**
 * The segment review false door (translation-editor §2 dialogs: segment review false door): a "Request segment
 * review" button whose dialog says the feature is coming and asks whether to notify the user. The interest is told
 * to the container (which may send an analytics event); nothing else happens.
 */
import { useState } from 'react';
import { Button, CheckIcon, Dialog } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface SegmentReviewFalseDoorProps {
  /** "Notify me" was pressed. */
  onInterested: () => void;
  /** The dialog opened (for an analytics event). */
  onOpened?: () => void;
  disabled?: boolean;
}

/** The button and its dialog, keeping whether the dialog is open and whether the user asked to be notified. */
export function SegmentReviewFalseDoor({ onInterested, onOpened, disabled = false }: SegmentReviewFalseDoorProps) {
  const [open, setOpen] = useState(false);
  const [notified, setNotified] = useState(false);
  return (
    <SegmentReviewFalseDoorView
      open={open}
      notified={notified}
      disabled={disabled}
      onOpen={() => {
        setOpen(true);
        onOpened?.();
      }}
      onClose={() => setOpen(false)}
      onNotify={() => {
        setNotified(true);
        onInterested();
      }}
    />
  );
}

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
