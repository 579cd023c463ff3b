/**
 * /scores/printoa/{id?} (spec §2; issue 12): overall: every rider by overall position. Further races of the same event with `race=`,
 * the paper with `paper=a4`. See PrintSheetPage.
 */
import { sheetRoute } from '@/components/print/sheet-route';

const route = sheetRoute('/scores/printoa');
export const generateMetadata = route.generateMetadata;
export default route.Page;
