/** The Material icon PlayArrow's path (24×24), for components/ui/Icon.tsx. */
export const PLAY_ARROW = 'M8 5v14l11-7z';
