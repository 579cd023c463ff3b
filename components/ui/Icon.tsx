/**
 * A Material icon as plain inline SVG (issue 23: no MUI SvgIcon), drawn from a path of
 * ./icons/<name>.ts (the same paths as @mui/icons-material's). One module per icon: the build
 * keeps every export of a module a page imports, so a shared file of paths put all of them in
 * the shell's first load. Works in server and client components. Decorative unless given a
 * `title` (then it is an image with that name).
 */
import type { SVGProps } from 'react';

/** An icon `size` px square (default 24) in the current text colour. */
export function Icon({ path, size = 24, title, ...rest }: { path: string; size?: number; title?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      <path d={path} />
    </svg>
  );
}
