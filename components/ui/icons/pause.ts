/** The Material icon Pause's path (24×24), for components/ui/Icon.tsx. */
export const PAUSE = 'M6 19h4V5H6zm8-14v14h4V5z';
