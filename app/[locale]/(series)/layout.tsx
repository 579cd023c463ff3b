/**
 * The series layout (spec §2 Layouts; the variant with a fixed title): the series name stays
 * at the top of the screen while a long standings table scrolls. No MUI or TanStack Query
 * providers (issue 23): the series pages are plain HTML, and the one piece that needs them, a
 * rider's season dialog, brings its own when it is loaded (components/series/SeasonDialog).
 */
import { PAGE_MESSAGES } from '@/components/layout/client-messages';
import { groupLayout } from '@/components/layout/group-layout';

export default groupLayout('layout-series layout-fixed-title', PAGE_MESSAGES.series);
