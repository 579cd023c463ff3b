/**
 * /scores/print/{id?} (spec §2; issue 12): the score sheet: every class (or the `class=` ones) with place in class, overall position and points, one after another; `mode=overall|team` as on /races/print. Further races of the same event with `race=`,
 * the paper with `paper=a4`. See PrintSheetPage.
 */
import { sheetRoute } from '@/components/print/sheet-route';

const route = sheetRoute('/scores/print');
export const generateMetadata = route.generateMetadata;
export default route.Page;
