/**
 * The series layout (spec §2 Layouts; the variant with a fixed title): the series name stays
 * at the top of the screen while a long standings table scrolls.
 */
import { groupLayout } from '@/components/layout/group-layout';
import { withQueries } from '@/components/layout/query-layout';

export default groupLayout('layout-series layout-fixed-title', withQueries);
