/** The page fetches from the browser: TanStack Query's provider (components/layout/QueryProvider.tsx). */
export { QueryRouteLayout as default } from '@/components/layout/query-layout';
