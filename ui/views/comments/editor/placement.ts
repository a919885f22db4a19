/** Where the editor's pop-ups open (review-and-content §9): below unless too little room remains under them. */
import { EMOJI_PICKER_HEIGHT_PX, SUGGESTION_FLIP_BELOW_PX } from '../../../../domain/constants.ts';

export type Placement = 'above' | 'below';

/** The mention dropdown flips above the caret when less than SUGGESTION_FLIP_BELOW_PX px remain below it. */
export function suggestionPlacement(caretBottomPx: number, viewportHeightPx: number): Placement {
  return viewportHeightPx - caretBottomPx < SUGGESTION_FLIP_BELOW_PX ? 'above' : 'below';
}

/** The emoji picker needs EMOJI_PICKER_HEIGHT_PX px: it opens above its button when there is less room below. */
export function emojiPickerPlacement(triggerBottomPx: number, viewportHeightPx: number): Placement {
  return viewportHeightPx - triggerBottomPx < EMOJI_PICKER_HEIGHT_PX ? 'above' : 'below';
}
