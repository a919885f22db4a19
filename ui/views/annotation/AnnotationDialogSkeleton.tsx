import { Button, Dialog, Skeleton } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** The annotation dialog's frame while its module (and Konva) loads: the title, a placeholder canvas, Cancel. */
export function AnnotationDialogSkeleton({ onCancel }: { onCancel(): void }) {
  return (
    <Dialog open onClose={onCancel} title={t('annotation.title')} size="lg" closeOnBackdrop={false} footer={<Button onClick={onCancel}>{t('annotation.cancel')}</Button>}>
      <p role="status">{t('annotation.loading')}</p>
      <Skeleton width="100%" height={360} />
    </Dialog>
  );
}
