// What the page keeps between visits in localStorage: the last puzzle (as a link fragment, see
// link.js) and the settings. Storage can be refused or full (private windows, file://, quota):
// then nothing is kept and nothing fails.
const PUZZLE_KEY = 'lightsout.puzzle';
const SETTINGS_KEY = 'lightsout.settings';

// The browser's localStorage, or null where touching it throws.
function store() {
  try { return globalThis.localStorage ?? null; } catch { return null; }
}

function read(key) {
  try { return store()?.getItem(key) ?? null; } catch { return null; }
}

function write(key, value) {
  try { store()?.setItem(key, value); } catch { /* refused or full: not kept */ }
}

// The kept puzzle's fragment, or null.
export const keptPuzzle = () => read(PUZZLE_KEY);
export const keepPuzzle = (fragment) => write(PUZZLE_KEY, fragment);
export function forgetPuzzle() {
  try { store()?.removeItem(PUZZLE_KEY); } catch { /* nothing kept anyway */ }
}

// The kept settings as an object ({} when none or unreadable).
export function keptSettings() {
  try {
    const s = JSON.parse(read(SETTINGS_KEY) ?? '{}');
    return s && typeof s === 'object' && !Array.isArray(s) ? s : {};
  } catch { return {}; }
}
// Merges `change` into the kept settings.
export const keepSettings = (change) => write(SETTINGS_KEY, JSON.stringify({ ...keptSettings(), ...change }));
