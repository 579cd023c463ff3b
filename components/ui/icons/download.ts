/** The Material icon Download's path (24×24), for components/ui/Icon.tsx. */
export const DOWNLOAD = 'M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z';
