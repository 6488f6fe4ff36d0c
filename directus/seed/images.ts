/**
 * Demo images drawn locally with sharp (there is no internet to fetch
 * photos): a 16:9 scene per category colour — sky, sun, river and forest —
 * so cards and articles look like a news site rather than grey boxes.
 */
import sharp from 'sharp';

const PALETTES: Array<[string, string, string]> = [
  ['#0f4c81', '#5fa8d3', '#1b7f5b'],
  ['#7b2d26', '#f4a259', '#386641'],
  ['#3d405b', '#e07a5f', '#2a9d8f'],
  ['#14213d', '#fca311', '#2d6a4f'],
  ['#264653', '#e9c46a', '#40916c'],
  ['#5f0f40', '#fb8b24', '#0f4c5c'],
  ['#003049', '#f77f00', '#588157'],
  ['#1d3557', '#a8dadc', '#457b9d'],
];

function scene(i: number): string {
  const [sky, sun, land] = PALETTES[i % PALETTES.length]!;
  const sunX = 180 + ((i * 137) % 840);
  const hill = (y: number, amp: number, phase: number) =>
    Array.from({ length: 13 }, (_, k) => `${k * 100},${y + Math.round(Math.sin(k * 0.9 + phase + i) * amp)}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${sun}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#s)"/>
  <circle cx="${sunX}" cy="${200 + (i % 3) * 40}" r="${70 + (i % 4) * 12}" fill="#fff6d5" opacity="0.85"/>
  <polygon points="0,675 ${hill(420, 40, 0)} 1200,675" fill="${land}" opacity="0.75"/>
  <polygon points="0,675 ${hill(500, 28, 2)} 1200,675" fill="${land}"/>
  <rect y="585" width="1200" height="90" fill="${sky}" opacity="0.55"/>
  <path d="M0 610 Q 300 590 600 612 T 1200 606" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4" fill="none"/>
</svg>`;
}

export async function demoImage(i: number): Promise<Buffer> {
  return sharp(Buffer.from(scene(i))).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
