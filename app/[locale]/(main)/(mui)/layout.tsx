/**
 * The main layout's routes whose pages still use MUI components (issue 23): their pages inside
 * MUI's theme (components/layout/mui-layout.tsx). A route group, so the URLs do not change; a
 * page moves out of it when it is plain HTML with small client leaves.
 */
export { MuiRouteLayout as default } from '@/components/layout/mui-layout';
