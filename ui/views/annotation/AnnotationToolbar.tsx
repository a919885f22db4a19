import { useEffect, useId, useState } from 'react';
import { Button } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import {
  ANNOTATION_TOOLS,
  HIGHLIGHT_OPACITY,
  parseColor,
  parseStrokeWidth,
  STROKE_WIDTH_MAX,
  STROKE_WIDTH_MIN,
  STROKE_WIDTH_PRESETS,
  type AnnotationPrefs,
  type AnnotationTool,
} from '../../../domain/annotation.ts';

const TOOL_LABEL: Record<AnnotationTool, StringKey> = {
  move: 'annotation.tool.move',
  draw: 'annotation.tool.draw',
  highlight: 'annotation.tool.highlight',
  line: 'annotation.tool.line',
  rect: 'annotation.tool.rect',
  text: 'annotation.tool.text',
};

export interface AnnotationToolbarProps {
  prefs: AnnotationPrefs;
  /** The opacity is fixed (the highlight tool, or a selected highlight). */
  opacityFixed: boolean;
  hasSelection: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  disabled: boolean;
  onTool(tool: AnnotationTool): void;
  onColor(color: string): void;
  onWidth(width: number): void;
  onOpacity(opacity: number): void;
  onClear(): void;
  onUndo(): void;
  onRedo(): void;
}

/** The canvas tools (§4): the tool buttons, colour, stroke width, opacity, clear, undo and redo. */
export function AnnotationToolbar(props: AnnotationToolbarProps) {
  const { prefs, disabled } = props;
  const colorId = useId();
  const widthsId = useId();
  const [colorDraft, setColorDraft] = useState(prefs.color);
  const [widthDraft, setWidthDraft] = useState(String(prefs.width));
  // A selected shape's settings (or an undo) replace what is typed.
  useEffect(() => setColorDraft(prefs.color), [prefs.color]);
  useEffect(() => setWidthDraft(String(prefs.width)), [prefs.width]);
  const colorInvalid = parseColor(colorDraft) === null;
  const widthInvalid = parseStrokeWidth(widthDraft) === null;

  return (
    <div className="annotation-toolbar">
      <div role="toolbar" aria-label={t('annotation.toolbar')} className="annotation-toolbar__tools">
        {ANNOTATION_TOOLS.map((tool) => (
          <Button key={tool} size="sm" variant={prefs.tool === tool ? 'primary' : 'secondary'} aria-pressed={prefs.tool === tool} disabled={disabled} onClick={() => props.onTool(tool)}>
            {t(TOOL_LABEL[tool])}
          </Button>
        ))}
      </div>
      <div className="annotation-toolbar__settings">
        <label className="annotation-field">
          <span>{t('annotation.color')}</span>
          <span className="annotation-field__swatch" style={{ background: parseColor(colorDraft) ?? prefs.color }} aria-hidden="true" />
          <input
            type="text"
            className="annotation-field__input annotation-field__input--color"
            value={colorDraft}
            disabled={disabled}
            spellCheck={false}
            aria-invalid={colorInvalid}
            aria-describedby={colorInvalid ? colorId : undefined}
            onChange={(e) => {
              setColorDraft(e.target.value);
              if (parseColor(e.target.value) !== null) props.onColor(e.target.value);
            }}
          />
        </label>
        <label className="annotation-field">
          <span>{t('annotation.width')}</span>
          <input
            type="number"
            className="annotation-field__input annotation-field__input--width"
            min={STROKE_WIDTH_MIN}
            max={STROKE_WIDTH_MAX}
            step={1}
            list={widthsId}
            value={widthDraft}
            disabled={disabled}
            aria-invalid={widthInvalid}
            onChange={(e) => {
              setWidthDraft(e.target.value);
              const width = parseStrokeWidth(e.target.value);
              if (width !== null) props.onWidth(width);
            }}
          />
          <datalist id={widthsId}>
            {STROKE_WIDTH_PRESETS.map((w) => (
              <option key={w} value={w} />
            ))}
          </datalist>
        </label>
        <label className="annotation-field" title={props.opacityFixed ? t('annotation.opacity.highlight') : undefined}>
          <span>{t('annotation.opacity')}</span>
          <input
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={props.opacityFixed ? HIGHLIGHT_OPACITY : prefs.opacity}
            disabled={disabled || props.opacityFixed}
            aria-valuetext={`${Math.round((props.opacityFixed ? HIGHLIGHT_OPACITY : prefs.opacity) * 100)}%`}
            onChange={(e) => props.onOpacity(Number(e.target.value))}
          />
          <output className="annotation-field__value">{Math.round((props.opacityFixed ? HIGHLIGHT_OPACITY : prefs.opacity) * 100)}%</output>
        </label>
        <span className="annotation-toolbar__commands">
          <Button size="sm" disabled={disabled || !props.canClear} onClick={props.onClear} title={t(props.hasSelection ? 'annotation.clear.selection' : 'annotation.clear.all')}>
            {t('annotation.clear')}
          </Button>
          <Button size="sm" disabled={disabled || !props.canUndo} onClick={props.onUndo}>
            {t('annotation.undo')}
          </Button>
          <Button size="sm" disabled={disabled || !props.canRedo} onClick={props.onRedo}>
            {t('annotation.redo')}
          </Button>
        </span>
      </div>
      {colorInvalid && (
        <p id={colorId} className="annotation-field__error" role="alert">
          {t('annotation.color.invalid')}
        </p>
      )}
    </div>
  );
}
