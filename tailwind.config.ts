import type { Config } from 'tailwindcss';

/**
 * The design tokens of SPEC.md section 9. Components use these names (`bg-primary`, `h-header`,
 * `z-dialog`, `min-w-button`...) rather than raw numbers, so the spec and the UI cannot drift apart.
 */
export const palette = {
  primary: {
    50: '#f4f0ff',
    100: '#e9e1ff',
    200: '#d3c4ff',
    300: '#b59bff',
    400: '#9369fb',
    500: '#7642f0',
    600: '#6330d6',
    700: '#5224b3',
    800: '#421f8f',
    900: '#2e1766',
    DEFAULT: '#6330d6',
  },
  coral: {
    50: '#fff4f1',
    100: '#ffe4dd',
    300: '#ffa592',
    500: '#f2664b',
    600: '#cc432f',
    700: '#b53b25',
    DEFAULT: '#f2664b',
  },
  mint: {
    50: '#f1fbf7',
    100: '#dcf5ea',
    200: '#bdebd8',
    300: '#8fdcbf',
    500: '#2fae85',
    700: '#1d6f56',
    DEFAULT: '#dcf5ea',
  },
  sunshine: {
    100: '#fff1d6',
    300: '#ffd27a',
    400: '#ffbe45',
    500: '#ffa51f',
    600: '#e58a00',
    DEFAULT: '#ffa51f',
  },
  cream: { DEFAULT: '#fff8ec', 200: '#fdeccc' },
  ink: {
    DEFAULT: '#1c1630',
    soft: '#4a4460',
    muted: '#6d6784',
  },
  warm: { DEFAULT: '#fff3ee' },
} as const;

export const breakpoints = {
  xs: '0px',
  sm: '600px',
  tb: '769px',
  md: '1024px',
  lg: '1200px',
  xl: '1440px',
  xxl: '1920px',
} as const;

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    screens: breakpoints,
    extend: {
      colors: palette,
      fontFamily: {
        // Each web font, then its metric-matched fallback (styles.css), then the generic families.
        sans: ['"Manrope Variable"', '"Manrope Fallback"', 'ui-sans-serif', 'system-ui', 'sans-serif'],
        display: ['Fraunces', '"Fraunces Fallback"', 'ui-serif', 'Georgia', 'serif'],
        mono: ['"JetBrains Mono"', 'ui-monospace', 'monospace'],
      },
      backgroundImage: {
        page: `linear-gradient(180deg, ${palette.mint[100]} 0%, ${palette.mint[50]} 35%, ${palette.cream.DEFAULT} 100%)`,
      },
      zIndex: { header: '1200', drawer: '1700', dialog: '1700', popover: '1800', toast: '1900' },
      // chat-room: what the chat launcher (48 px, raised 40 px) needs below the last of a page, plus 16 px.
      spacing: { header: '72px', 'chat-raise': '40px', 'chat-room': '104px' },
      minWidth: { button: '102px' },
      maxWidth: { page: breakpoints.xl },
      borderRadius: { button: '10px' },
      maxHeight: { select: '270px' },
      width: { badge: '28px', switch: '64px' },
      height: { badge: '26px', switch: '32px', header: '72px' },
      minHeight: { accordion: '64px' },
      keyframes: {
        shake: {
          '0%, 100%': { transform: 'translateX(0)' },
          '20%, 60%': { transform: 'translateX(-6px)' },
          '40%, 80%': { transform: 'translateX(6px)' },
        },
      },
      animation: { shake: 'shake 0.4s ease-in-out' },
    },
  },
} satisfies Config;
