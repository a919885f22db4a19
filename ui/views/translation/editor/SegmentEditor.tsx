/**
 * The segment editor on ProseMirror (translation-editor §5 text-editor rules, §8 segment-editor toasts): the
 * editable surface plus Save and Cancel. The rules live in rules.ts (tested without a DOM); here they are mounted
 * in an EditorView. The host owns the unsaved value: every document change is reported through `onChange`, every
 * refusal through `onRefuse`. The initial `value` is read at mount; remount (`key`) to show another one.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { Button, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { segmentTextFromDoc } from './convert.ts';
import { createSegmentEditorState, type SegmentEditorHooks, type SegmentRuleOptions } from './rules.ts';
import type { SegmentEditorProps } from './types.ts';

export type { SegmentEditorProps } from './types.ts';

/** Whether Save may run now (button and Mod-Enter alike). */
export function isSaveEnabled(props: Pick<SegmentEditorProps, 'canSave' | 'saving' | 'disabled'>): boolean {
  return props.canSave && !props.saving && !props.disabled;
}

function editableAttributes(props: Pick<SegmentEditorProps, 'dir' | 'lang' | 'label' | 'disabled'>): Record<string, string> {
  return {
    class: 'segment-editor__input',
    role: 'textbox',
    'aria-multiline': 'false',
    'aria-label': props.label,
    ...(props.disabled ? { 'aria-disabled': 'true' } : {}),
    dir: props.dir,
    lang: props.lang,
    spellcheck: 'true',
  };
}

/** The segment editor: ProseMirror surface, Save (disabled unless `canSave`) and Cancel. */
export function SegmentEditor(props: SegmentEditorProps) {
  const { textType, product, timedText, dir, lang, label, disabled, canSave, saving } = props;
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const [hooks] = useState<SegmentEditorHooks>(() => ({
    refuse: (reason) => latest.current.onRefuse(reason),
    canSave: () => isSaveEnabled(latest.current),
    save: () => latest.current.onSave(),
    cancel: () => (latest.current.onEscape ?? latest.current.onCancel)(),
    // Present for every editor (the host's props may change after mount): without the host's handler, the old keys.
    saveAndNext: () => {
      const { onSaveAndNext } = latest.current;
      if (onSaveAndNext) onSaveAndNext();
      else if (isSaveEnabled(latest.current)) latest.current.onSave();
    },
    move: (direction) => latest.current.onMove?.(direction),
  }));

  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);

  // The view lives as long as the rules it was built with; the value is read once, at mount.
  useLayoutEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const options: SegmentRuleOptions = { textType, product, timedText };
    const view: EditorView = new EditorView(mount, {
      state: createSegmentEditorState(latest.current.value, options, hooks),
      attributes: editableAttributes(latest.current),
      editable: () => !latest.current.disabled,
      dispatchTransaction(tr: Transaction) {
        const { state: next, transactions } = view.state.applyTransaction(tr);
        if (next === view.state) return;
        view.updateState(next);
        if (transactions.some((applied) => applied.docChanged)) latest.current.onChange(segmentTextFromDoc(next.doc, textType));
      },
    });
    viewRef.current = view;
    if (latest.current.autoFocus) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [textType, product, timedText, hooks]);

  useLayoutEffect(() => {
    viewRef.current?.setProps({ attributes: editableAttributes({ dir, lang, label, disabled }) });
  }, [dir, lang, label, disabled]);

  const saveEnabled = isSaveEnabled({ canSave, saving, disabled });
  return (
    <div className={cx('segment-editor', disabled && 'is-disabled', dir === 'rtl' && 'is-rtl')}>
      <div ref={mountRef} className="segment-editor__mount" />
      <div className="segment-editor__actions" role="group" aria-label={t('translationEditor.toolbar')}>
        <span className={cx('segment-editor__hint', props.note && 'is-note')} role="status">
          {props.note ?? t('translationEditor.shortcuts')}
        </span>
        <Button variant="ghost" size="sm" disabled={saving} onClick={() => latest.current.onCancel()}>
          {t('translationEditor.cancel')}
        </Button>
        <Button variant="primary" size="sm" disabled={!saveEnabled && !saving} loading={saving} onClick={() => latest.current.onSave()}>
          {saving ? t('translationEditor.saving') : t('translationEditor.save')}
        </Button>
      </div>
    </div>
  );
}
