/**
 * The score layout (spec §2 Layouts; the variant with a fixed title): the race or event name
 * stays at the top of the screen while a long results table scrolls.
 */
import { groupLayout } from '@/components/layout/group-layout';
import { withQueries } from '@/components/layout/query-layout';

export default groupLayout('layout-scores layout-fixed-title', withQueries);
