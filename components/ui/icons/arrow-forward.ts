/** The Material icon ArrowForward's path (24×24), for components/ui/Icon.tsx. */
export const ARROW_FORWARD = 'm12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z';
