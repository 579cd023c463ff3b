/**
 * The score layout (spec §2 Layouts; the variant with a fixed title): the race or event name
 * stays at the top of the screen while a long results table scrolls. No MUI or TanStack Query
 * providers (issue 23): the race, score and event-score pages are plain HTML; their dialog,
 * filter panel and charts bring their own (MuiIsland, QueryProvider) when they are loaded.
 */
import { PAGE_MESSAGES } from '@/components/layout/client-messages';
import { groupLayout } from '@/components/layout/group-layout';

export default groupLayout('layout-scores layout-fixed-title', PAGE_MESSAGES.scores);
