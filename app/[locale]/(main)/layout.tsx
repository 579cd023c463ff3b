/**
 * The main layout (spec §2 Layouts) of the content, event and results-list pages: sub-header
 * with breadcrumbs and title (rendered by each page), the content, then the sponsor strip.
 */
import { PAGE_MESSAGES } from '@/components/layout/client-messages';
import { groupLayout } from '@/components/layout/group-layout';

export default groupLayout('layout-main', PAGE_MESSAGES.main);
