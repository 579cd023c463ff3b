/** The Material icon ChevronLeft's path (24×24), for components/ui/Icon.tsx. */
export const CHEVRON_LEFT = 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z';
