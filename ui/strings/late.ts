/**
 * Every catalogue of the features that load after the first page: what a route not yet split by feature loads
 * (`loadLateStrings`), and what view tests and Node tools get from the start (../strings.ts).
 */
import { chartsStrings } from './charts.ts';
import { contentStrings } from './content.ts';
import { itemStrings } from './item.ts';
import { lmsExportStrings } from './lmsExport.ts';
import { reviewTabStrings } from './reviewTab.ts';
import { sandboxStrings } from './sandbox.ts';
import { shareStrings } from './share.ts';
import { supportStrings } from './support.ts';
import { translateTabStrings } from './translateTab.ts';

export const lateStrings: Readonly<Record<string, string>> = {
  ...contentStrings,
  ...itemStrings,
  ...sandboxStrings,
  ...reviewTabStrings,
  ...shareStrings,
  ...translateTabStrings,
  ...supportStrings,
  ...chartsStrings,
  ...lmsExportStrings,
};
