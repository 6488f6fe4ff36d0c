/** A few stroke icons (no emoji: not every device has an emoji font). Decorative only. */
export const ICON_PATHS = {
  like: 'M7 10v11H3V10h4Zm0 0 4-8a3 3 0 0 1 3 3v4h5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 17.6 21H7',
  share: 'M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v13',
  chat: 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z',
  radio: 'M4 9h16v11H4zM8 9l8-5M8 15h.01M13 13h4M13 16h4',
  tv: 'M3 7h18v12H3zM8 3l4 4 4-4',
  play: 'M7 4l13 8-13 8V4Z',
  pause: 'M7 4h4v16H7zM14 4h4v16h-4z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  back: 'M19 12H5M12 19l-7-7 7-7',
} as const;

export default function Icon({ name, size = 18 }: { name: keyof typeof ICON_PATHS; size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
