// Board colours: the state ramp for K states, mark colours chosen for contrast, WCAG ratios.

export const PAGE_BG = '#0b1120';
export const OFF = '#606f84';       // state 0: 3.7:1 against the page
export const ON = '#fcd34d';        // state K-1 (two states: lit): 3.5:1 against OFF
export const HOLE_EDGE = '#94a3b8'; // outline of a hole, against the page
export const DARK_MARK = '#020617';
export const LIGHT_MARK = '#ffffff';
export const FOCUS = '#c4b5fd';

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const toHex = (rgb) => '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

// WCAG 2 relative luminance and contrast ratio.
export function luminance(colour) {
  const [r, g, b] = hex(colour).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a, b) {
  const la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

// Stops of the ramp from state 0 to state K-1: slate, teal, green, amber.
const STOPS = [OFF, '#0e9f9a', '#65a30d', ON].map(hex);

// The colour of each state 0..K-1 (two states: OFF and ON).
export function stateColours(k) {
  if (k === 2) return [OFF, ON];
  const out = [];
  for (let s = 0; s < k; s++) {
    const t = (s / (k - 1)) * (STOPS.length - 1);
    const i = Math.min(STOPS.length - 2, Math.floor(t)), f = t - i;
    out.push(toHex(STOPS[i].map((v, j) => v + (STOPS[i + 1][j] - v) * f)));
  }
  return out;
}

// The mark drawn over a cell: whichever of dark and white contrasts more with its fill.
export function markColour(fill) {
  return contrast(fill, DARK_MARK) >= contrast(fill, LIGHT_MARK) ? DARK_MARK : LIGHT_MARK;
}

// The press-density map of small cells: a block none of whose cells is marked to press is
// DENSITY_NONE, one all marked DENSITY_ALL (3.7:1 against it), linearly between.
export const DENSITY_NONE = OFF;
export const DENSITY_ALL = '#fbcfe8';
export function densityColour(share) {
  const a = hex(DENSITY_NONE), b = hex(DENSITY_ALL), t = Math.min(1, Math.max(0, share));
  return toHex(a.map((v, j) => v + (b[j] - v) * t));
}
