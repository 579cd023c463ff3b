/** The Material icon Send's path (24×24), for components/ui/Icon.tsx. */
export const SEND = 'M2.01 21 23 12 2.01 3 2 10l15 2-15 2z';
