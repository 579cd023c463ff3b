/**
 * The landing layout (spec §2 Layouts): the home page's carousel, buttons and sections, then
 * the sponsor strip. Plain HTML (issue 23): the home page has no MUI, so no MUI providers.
 */
import { PAGE_MESSAGES } from '@/components/layout/client-messages';
import { groupLayout } from '@/components/layout/group-layout';

export default groupLayout('layout-landing', PAGE_MESSAGES.landing);
