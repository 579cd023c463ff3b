/**
 * /races/print/{id?} (spec §2; issue 12): the race's results printed: by position (default), the selected classes (`mode=classes&class=…`) or by team (`mode=team`). Further races of the same event with `race=`,
 * the paper with `paper=a4`. See PrintSheetPage.
 */
import { sheetRoute } from '@/components/print/sheet-route';

const route = sheetRoute('/races/print');
export const generateMetadata = route.generateMetadata;
export default route.Page;
