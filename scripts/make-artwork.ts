/**
 * Writes the channel artwork in public/images: one banner per channel and three card images per
 * channel, as small SVGs drawn from the channel accents of src/lib/channels.ts. Run it after changing
 * an accent: `npx tsx scripts/make-artwork.ts`. The output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHANNEL_KEYS, CHANNEL_LOOKS, type ChannelKey } from '../src/lib/channels';

const out = path.resolve('public/images');
const W = 640;
const H = 400;

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const mixed = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(mixed).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

const SUN = '#ffbe45';
const INK = '#1c1630';

/** The white line drawing of each channel, centred on (0, 0), about 260 × 200 units. */
const MOTIFS: Record<ChannelKey, (accent: string) => string> = {
  printmag: (a) => `
    <rect x="-95" y="-120" width="190" height="240" rx="10" fill="#fff" transform="rotate(-8)"/>
    <rect x="-70" y="-128" width="190" height="240" rx="10" fill="#fff" opacity=".55" transform="rotate(6)"/>
    <g transform="rotate(-8)">
      <rect x="-75" y="-100" width="110" height="16" rx="5" fill="${a}"/>
      <rect x="-75" y="-74" width="150" height="92" rx="8" fill="${shade(a, 0.75)}"/>
      <circle cx="30" cy="-40" r="22" fill="${SUN}"/>
      <rect x="-75" y="32" width="150" height="9" rx="4" fill="${shade(a, 0.6)}"/>
      <rect x="-75" y="50" width="120" height="9" rx="4" fill="${shade(a, 0.6)}"/>
      <rect x="-75" y="68" width="135" height="9" rx="4" fill="${shade(a, 0.6)}"/>
    </g>`,
  tv: (a) => `
    <rect x="-140" y="-95" width="280" height="180" rx="18" fill="#fff"/>
    <rect x="-124" y="-80" width="248" height="150" rx="10" fill="${shade(a, -0.35)}"/>
    <circle cx="-40" cy="0" r="38" fill="${SUN}"/>
    <path d="M-124 70 L-40 0 L20 45 L60 15 L124 70 Z" fill="${shade(a, 0.35)}"/>
    <rect x="-50" y="95" width="100" height="14" rx="7" fill="#fff"/>`,
  ctv: (a) => `
    <rect x="-150" y="-100" width="300" height="190" rx="16" fill="#fff"/>
    <rect x="-136" y="-86" width="272" height="162" rx="9" fill="${shade(a, -0.3)}"/>
    <circle r="40" fill="#fff" opacity=".95"/>
    <path d="M-12 -20 L22 0 L-12 20 Z" fill="${a}"/>
    <rect x="-116" y="52" width="232" height="8" rx="4" fill="#fff" opacity=".35"/>
    <rect x="-116" y="52" width="120" height="8" rx="4" fill="${SUN}"/>`,
  dooh: (a) => `
    <rect x="-50" y="40" width="16" height="110" fill="#fff" opacity=".8"/>
    <rect x="34" y="40" width="16" height="110" fill="#fff" opacity=".8"/>
    <rect x="-160" y="-110" width="320" height="160" rx="12" fill="#fff"/>
    <rect x="-146" y="-96" width="292" height="132" rx="6" fill="${shade(a, 0.55)}"/>
    <rect x="-126" y="-76" width="150" height="22" rx="6" fill="${a}"/>
    <rect x="-126" y="-42" width="110" height="12" rx="6" fill="${shade(a, -0.2)}" opacity=".6"/>
    <circle cx="80" cy="-30" r="40" fill="${SUN}"/>`,
  google: (a) => `
    <rect x="-150" y="-105" width="300" height="210" rx="14" fill="#fff"/>
    <rect x="-150" y="-105" width="300" height="34" rx="14" fill="${shade(a, 0.8)}"/>
    <circle cx="-126" cy="-88" r="6" fill="#f2664b"/><circle cx="-106" cy="-88" r="6" fill="${SUN}"/><circle cx="-86" cy="-88" r="6" fill="#2fae85"/>
    <rect x="-126" y="-50" width="150" height="12" rx="6" fill="${shade(a, 0.6)}"/>
    <rect x="-126" y="-28" width="110" height="12" rx="6" fill="${shade(a, 0.6)}"/>
    <rect x="-126" y="0" width="252" height="80" rx="10" fill="${a}"/>
    <rect x="-108" y="22" width="110" height="14" rx="7" fill="#fff"/>
    <rect x="-108" y="46" width="70" height="14" rx="7" fill="${SUN}"/>`,
  gt: (a) => `
    <rect x="-80" y="-125" width="160" height="250" rx="26" fill="#fff"/>
    <rect x="-66" y="-100" width="132" height="200" rx="10" fill="${shade(a, 0.75)}"/>
    <path d="M-66 -20 L66 10 M-20 -100 L10 100 M-66 60 L66 30" stroke="#fff" stroke-width="10"/>
    <circle cx="0" cy="-12" r="58" fill="${a}" opacity=".18"/>
    <path d="M0 28 C-30 -6 -30 -22 -30 -34 A30 30 0 0 1 30 -34 C30 -22 30 -6 0 28 Z" fill="${a}"/>
    <circle cx="0" cy="-34" r="11" fill="#fff"/>`,
  eddm: (a) => `
    <rect x="-150" y="-60" width="150" height="100" rx="50" fill="#fff"/>
    <rect x="-75" y="-60" width="90" height="100" fill="#fff"/>
    <rect x="-90" y="40" width="18" height="90" fill="#fff" opacity=".8"/>
    <rect x="-40" y="-95" width="8" height="50" fill="${SUN}"/><rect x="-40" y="-95" width="36" height="22" fill="${SUN}"/>
    <g transform="translate(70 -20) rotate(8)">
      <rect x="-70" y="-48" width="140" height="96" rx="8" fill="#fff"/>
      <rect x="-56" y="-34" width="60" height="68" rx="5" fill="${shade(a, 0.6)}"/>
      <rect x="14" y="-30" width="42" height="8" rx="4" fill="${shade(a, 0.5)}"/>
      <rect x="14" y="-14" width="34" height="8" rx="4" fill="${shade(a, 0.5)}"/>
      <rect x="34" y="16" width="22" height="22" rx="3" fill="${a}"/>
    </g>`,
  abdm: (a) => `
    <g transform="rotate(-6)">
      <rect x="-150" y="-80" width="200" height="135" rx="10" fill="#fff"/>
      <rect x="-132" y="-62" width="84" height="99" rx="6" fill="${shade(a, 0.6)}"/>
      <rect x="-34" y="-58" width="66" height="10" rx="5" fill="${shade(a, 0.5)}"/>
      <rect x="-34" y="-38" width="50" height="10" rx="5" fill="${shade(a, 0.5)}"/>
      <rect x="4" y="14" width="30" height="30" rx="4" fill="${a}"/>
    </g>
    <g fill="#fff"><circle cx="95" cy="-40" r="22"/><path d="M55 30 a40 40 0 0 1 80 0 Z"/></g>
    <g fill="${SUN}"><circle cx="140" cy="30" r="18"/><path d="M108 90 a32 32 0 0 1 64 0 Z"/></g>
    <g fill="#fff" opacity=".8"><circle cx="60" cy="60" r="16"/><path d="M32 112 a28 28 0 0 1 56 0 Z"/></g>`,
  email: (a) => `
    <rect x="-150" y="-95" width="300" height="190" rx="16" fill="#fff"/>
    <path d="M-150 -80 L0 20 L150 -80" fill="none" stroke="${shade(a, 0.55)}" stroke-width="14" stroke-linejoin="round"/>
    <circle cx="110" cy="-85" r="42" fill="${SUN}"/>
    <text x="110" y="-68" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="52" fill="${INK}">@</text>`,
  custom: (a) => `
    <circle cx="-30" cy="0" r="105" fill="#fff"/>
    <circle cx="-70" cy="-40" r="20" fill="${a}"/><circle cx="-18" cy="-62" r="18" fill="${SUN}"/>
    <circle cx="30" cy="-30" r="16" fill="#2fae85"/><circle cx="-85" cy="20" r="16" fill="#f2664b"/>
    <circle cx="-10" cy="50" r="24" fill="${shade(a, 0.7)}"/>
    <g transform="translate(90 10) rotate(35)">
      <rect x="-14" y="-120" width="28" height="170" rx="10" fill="#fff"/>
      <path d="M-14 50 L0 95 L14 50 Z" fill="${SUN}"/>
      <rect x="-14" y="-120" width="28" height="34" rx="10" fill="${shade(a, -0.2)}"/>
    </g>`,
  default: (a) => `
    <circle r="100" fill="#fff"/><circle r="60" fill="${shade(a, 0.6)}"/><circle r="26" fill="${SUN}"/>`,
};

function svg(key: ChannelKey, width: number, height: number, variant: number): string {
  const accent = CHANNEL_LOOKS[key].accent;
  const angle = [135, 160, 110][variant] ?? 135;
  const from = shade(accent, [0.35, 0.5, 0.2][variant] ?? 0.35);
  const to = shade(accent, [-0.15, 0, -0.3][variant] ?? -0.15);
  const scale = Math.min(width / W, height / H) * ([1, 0.9, 1.05][variant] ?? 1);
  const cx = width * ([0.62, 0.5, 0.66][variant] ?? 0.6);
  const cy = height * 0.52;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle - 90} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.12}" cy="${height * 0.18}" r="${height * 0.32}" fill="#fff" opacity=".09"/>
<circle cx="${width * 0.95}" cy="${height * 0.95}" r="${height * 0.45}" fill="#fff" opacity=".08"/>
<g transform="translate(${cx} ${cy}) scale(${scale})">${MOTIFS[key](accent)}</g>
</svg>
`;
}

mkdirSync(path.join(out, 'banners'), { recursive: true });
mkdirSync(path.join(out, 'media'), { recursive: true });
for (const key of CHANNEL_KEYS) {
  writeFileSync(path.join(out, 'banners', `${key}.svg`), svg(key, 1200, 600, 0));
  for (const variant of [0, 1, 2]) {
    writeFileSync(path.join(out, 'media', `${key}-${variant + 1}.svg`), svg(key, W, H, variant));
  }
}
console.log(`Wrote ${CHANNEL_KEYS.length} banners and ${CHANNEL_KEYS.length * 3} card images to ${out}.`);
