/**
 * The admin's icons, drawn here as inline SVG: they are part of the bundle, so
 * they show on any machine, unlike glyphs or emoji that depend on installed
 * fonts (issue #34: the toolbar showed empty boxes). 24×24, stroked with the
 * text colour; decorative (the button around carries the name).
 */
import type { SVGProps } from 'react';

function Svg({ d, children, strokeWidth = 2, ...props }: SVGProps<SVGSVGElement> & { d?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {d && <path d={d} />}
      {children}
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement>;
/** The letter H of the heading icons, with a level digit beside it. */
const H = 'M3 6v12M11 6v12M3 12h8';

export const MenuIcon = (p: IconProps) => <Svg d="M4 6h16M4 12h16M4 18h16" {...p} />;
export const CloseIcon = (p: IconProps) => <Svg d="M6 6l12 12M18 6 6 18" {...p} />;
export const ParagraphIcon = (p: IconProps) => <Svg d="M13 4v16M17 4v16M19 4h-9.5a4.5 4.5 0 0 0 0 9H13" {...p} />;
export const Heading2Icon = (p: IconProps) => <Svg d={`${H}M15 10.5a2.3 2.3 0 0 1 4.6 0c0 2.2-4.6 3.9-4.6 7.5h5`} {...p} />;
export const Heading3Icon = (p: IconProps) => <Svg d={`${H}M15 9h5l-2.8 3.4a2.8 2.8 0 1 1-2.2 4.8`} {...p} />;
export const Heading4Icon = (p: IconProps) => <Svg d={`${H}M19 18V9l-4.5 6.5H21`} {...p} />;
export const BoldIcon = (p: IconProps) => <Svg d="M7 5h5.5a3.5 3.5 0 0 1 0 7H7zM7 12h6.5a3.5 3.5 0 0 1 0 7H7z" strokeWidth={2.5} {...p} />;
export const ItalicIcon = (p: IconProps) => <Svg d="M10 5h8M6 19h8M15 5 9 19" {...p} />;
export const BulletListIcon = (p: IconProps) => (
  <Svg d="M9 6h11M9 12h11M9 18h11" {...p}>
    <circle cx="4.5" cy="6" r="1" fill="currentColor" />
    <circle cx="4.5" cy="12" r="1" fill="currentColor" />
    <circle cx="4.5" cy="18" r="1" fill="currentColor" />
  </Svg>
);
export const OrderedListIcon = (p: IconProps) => (
  <Svg d="M10 6h10M10 12h10M10 18h10M4 4.5 5.5 3.5v5M3.5 11.2a1.3 1.3 0 0 1 2.5.4c0 .9-2.5 1.8-2.5 3.4H6.2" strokeWidth={1.8} {...p} />
);
export const QuoteIcon = (p: IconProps) => (
  <Svg d="M4 12h5v6H4zM4 12c0-3.5 1.4-5.6 4.5-6.5M14 12h5v6h-5zM14 12c0-3.5 1.4-5.6 4.5-6.5" {...p} />
);
export const LineBreakIcon = (p: IconProps) => <Svg d="M20 5v6a3 3 0 0 1-3 3H5M9 10l-4 4 4 4" {...p} />;
export const LinkIcon = (p: IconProps) => (
  <Svg d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" {...p} />
);
export const ImageIcon = (p: IconProps) => (
  <Svg d="M4 5h16v14H4zM4 17l5-5 4 4 2-2 5 5" {...p}>
    <circle cx="15.5" cy="9" r="1.5" />
  </Svg>
);
