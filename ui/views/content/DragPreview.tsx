import type { Ref } from 'react';
import { LayersIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface DragPreviewProps {
  /** The count as the drag machine words it: '1' … '99', then '99+' (§9). */
  label: string;
  /** The first dragged item's title, shown beside the count. */
  title?: string | null;
  /** For `dataTransfer.setDragImage`: the preview must be in the document (it sits off-screen). */
  ref?: Ref<HTMLDivElement>;
}

/** The drag image: a small stacked card with the first title and the count badge, or just "N items" ('99+' beyond 99). */
export function DragPreview({ label, title, ref }: DragPreviewProps) {
  return (
    <div ref={ref} className="drag-preview" aria-hidden="true">
      <span className="drag-preview__icon">
        <LayersIcon size={16} />
      </span>
      {title ? (
        <>
          <span className="drag-preview__title">{title}</span>
          <span className="drag-preview__count">{label}</span>
        </>
      ) : (
        <span className="drag-preview__title">{label === '1' ? t('content.drag.label.one') : t('content.drag.label.other', { label })}</span>
      )}
    </div>
  );
}
