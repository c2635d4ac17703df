// Light chasing on a classic board, step by step (the presses come from the core through core.js).
import * as R from './core.js';

let classic = null;
const rules = () => (classic ??= R.classicRules());

// The columns (0-based) of row r that are lit.
export function litColumns(lights, cols, r) {
  const out = [];
  for (let c = 0; c < cols; c++) if (lights[r * cols + c]) out.push(c);
  return out;
}

// The chase of board { rows, cols, lights } with the first row's presses `first` (0/1 per
// column): row 1 gets `first`, every later row the columns lit in the row above it.
// Returns { steps, final, presses }: steps[r] = { lights, press } is the board BEFORE row r's
// presses and the columns pressed in row r; final the board after the last row's presses;
// presses every press made (0/1 per cell). The board's lights are not changed.
export function chase({ rows, cols, lights }, first) {
  const now = lights.slice();
  const presses = new Uint8Array(rows * cols);
  const steps = [];
  for (let r = 0; r < rows; r++) {
    const press = r === 0 ? first.flatMap((v, c) => (v ? [c] : [])) : litColumns(now, cols, r - 1);
    steps.push({ lights: now.slice(), press });
    for (const c of press) {
      R.press(rules(), rows, cols, now, r, c);
      presses[r * cols + c] = 1;
    }
  }
  return { steps, final: now, presses };
}

// The cells a press of (r, c) changes under the classic rules, as cell indices.
export const pressedCells = (rows, cols, r, c) =>
  R.pressCells(rules(), rows, cols, r, c).map(([i]) => i);
