/** The Material icon Menu's path (24×24), for components/ui/Icon.tsx. */
export const MENU = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
