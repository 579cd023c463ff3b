/** The landing layout (spec §2 Layouts): the home page's carousel, buttons and sections, then the sponsor strip. */
import { groupLayout } from '@/components/layout/group-layout';

export default groupLayout('layout-landing');
