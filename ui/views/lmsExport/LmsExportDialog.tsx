/**
 * The LMS export dialog (review-and-content §2 LMS export dialog, §3 Scorm export input, §5 completion percent, §8
 * export failure, §9 targets): the format (SCORM 1.2 first; SCORM 2004 2nd, 3rd, 4th edition; AICC; xAPI), the
 * completion percent (80, clamped 0–100) and the package title, then the package being built, its download, or the
 * generic failure with Try again. Drawn from the `lmsExport` actor; `openLmsExport` (openLmsExport.ts) opens it for an item.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { LMS_TARGET_LABELS, type LmsTarget } from '../../../domain/lmsExport.ts';
import type { lmsExportMachine } from '../../../machines/lmsExport/lmsExportMachine.ts';
import { Banner, Button, Dialog, Select, Spinner, TextField } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import type { ActorRefFrom } from 'xstate';
import './lmsExport.css';

const SCORM: readonly LmsTarget[] = ['scorm12', 'scorm2004_2nd', 'scorm2004_3rd', 'scorm2004_4th'];
const option = (value: LmsTarget) => ({ value, label: LMS_TARGET_LABELS[value] });

/** The dialog of the system's `lmsExport` actor; render it once where the menus that open it live. */
export function LmsExportDialog() {
  const { lmsExport } = useSystem();
  return <LmsExportDialogView actor={lmsExport} />;
}

export function LmsExportDialogView({ actor }: { actor: ActorRefFrom<typeof lmsExportMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const [percentText, setPercentText] = useState<string | null>(null);
  const open = state !== 'closed';
  const busy = state === 'requesting' || state === 'building';
  const close = () => {
    setPercentText(null);
    actor.send({ type: 'lmsExport.close' });
  };

  let footer;
  if (state === 'ready') {
    footer = (
      <>
        <Button variant="secondary" onClick={close}>
          {t('common.close')}
        </Button>
        <Button variant="primary" onClick={() => actor.send({ type: 'lmsExport.download' })}>
          {t('lmsExport.download')}
        </Button>
      </>
    );
  } else if (state === 'failed') {
    footer = (
      <>
        <Button variant="secondary" onClick={close}>
          {t('common.close')}
        </Button>
        <Button variant="primary" onClick={() => actor.send({ type: 'lmsExport.retry' })}>
          {t('lmsExport.tryAgain')}
        </Button>
      </>
    );
  } else {
    footer = (
      <>
        <Button variant="secondary" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" type="submit" form="lms-export-form" loading={busy}>
          {t('lmsExport.export')}
        </Button>
      </>
    );
  }

  return (
    <Dialog open={open} onClose={close} title={t('lmsExport.title')} description={t('lmsExport.description', { title: context.itemTitle })} footer={footer} closeOnBackdrop={false}>
      {state === 'ready' ? (
        <Banner tone="info" title={t('lmsExport.ready')}>
          {t('lmsExport.readyDetail')}
        </Banner>
      ) : state === 'failed' ? (
        <Banner tone="error">{t('lmsExport.failed')}</Banner>
      ) : (
        <form
          id="lms-export-form"
          className="lms-export__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) actor.send({ type: 'lmsExport.submit' });
          }}
        >
          <fieldset className="lms-export__fields" disabled={busy}>
            <Select<LmsTarget>
              label={t('lmsExport.target')}
              value={context.target}
              groups={[
                { label: t('lmsExport.targetGroup.scorm'), options: SCORM.map(option) },
                { label: t('lmsExport.targetGroup.other'), options: [option('aicc'), option('xapi')] },
              ]}
              onChange={(target) => actor.send({ type: 'lmsExport.setTarget', target })}
            />
            <TextField
              label={t('lmsExport.percent')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={percentText ?? String(context.completePercent)}
              hint={t('lmsExport.percentHint')}
              onChange={(text) => {
                setPercentText(text);
                if (text.trim() !== '') actor.send({ type: 'lmsExport.setPercent', value: text });
              }}
              onBlur={() => setPercentText(null)}
            />
            <TextField label={t('lmsExport.packageTitle')} value={context.title} maxLength={255} error={context.titleError} onChange={(title) => actor.send({ type: 'lmsExport.setTitle', title })} />
          </fieldset>
          {busy && (
            <p className="lms-export__building" role="status">
              <Spinner size="sm" decorative /> {t('lmsExport.building')}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
