/**
 * /scores/printc/{id?} (spec §2; issue 12): by class: each class (every class, or the `class=` ones) starting on a new page. Further races of the same event with `race=`,
 * the paper with `paper=a4`. See PrintSheetPage.
 */
import { sheetRoute } from '@/components/print/sheet-route';

const route = sheetRoute('/scores/printc');
export const generateMetadata = route.generateMetadata;
export default route.Page;
