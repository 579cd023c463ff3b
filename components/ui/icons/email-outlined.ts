/** The Material icon EmailOutlined's path (24×24), for components/ui/Icon.tsx. */
export const EMAIL_OUTLINED = 'M22 6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2zm-2 0-8 5-8-5zm0 12H4V8l8 5 8-5z';
