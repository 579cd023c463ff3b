/** The Material icon ExpandMore's path (24×24), for components/ui/Icon.tsx. */
export const EXPAND_MORE = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';
