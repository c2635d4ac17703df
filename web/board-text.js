// Board text the CLI reads, for "Load text": rows of 0/1 (blanks optional), '.#' grids, plain PBM
// (P1), count-first judge text (the first puzzle is loaded) and rows of K-state values.

// Returns { rows, cols, values: Uint8Array, note } or throws Error with a one-line message.
export function parseBoardText(text, states = 2, maxSide = 1000) {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  while (lines.length && !lines[0]) lines.shift();
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  if (!lines.length) throw new Error('Paste a board first: rows of 0 and 1, one row per line.');
  if (lines[0] === 'P1' || /^P1\s/.test(lines[0])) return parsePbm(text, maxSide);
  if (/^P4\b/.test(lines[0])) throw new Error('Binary PBM (P4) cannot be pasted; use plain P1 or rows of 0 and 1.');
  let note = '';
  let rows = lines;
  // Count first (POJ 1222): a lone number on the first line, then that many puzzles of equal size.
  // A lone number whose width differs from the next row's is a count, not a row.
  const width = (l) => { const c = rowCells(l, states); return typeof c === 'string' ? -1 : c.length; };
  if (/^[1-9]\d*$/.test(lines[0]) && lines.length > 1 && width(lines[0]) !== width(lines[1])) {
    const count = Number(lines[0]);
    const body = lines.slice(1).filter((l) => l.length);
    if (count < 1 || body.length % count !== 0) {
      throw new Error(`Count-first text says ${lines[0]} puzzles but has ${body.length} rows, not a multiple of it.`);
    }
    rows = body.slice(0, body.length / count);
    note = count > 1 ? ` (puzzle 1 of ${count})` : '';
  }
  const empty = rows.findIndex((l) => !l.length);
  if (empty >= 0) throw new Error(`Line ${empty + 1} is empty: rows must follow each other.`);
  const cells = rows.map((l) => rowCells(l, states));
  const bad = cells.findIndex((c) => typeof c === 'string');
  if (bad >= 0) throw new Error(`Row ${bad + 1}: ${cells[bad]}`);
  const cols = cells[0].length;
  const uneven = cells.findIndex((c) => c.length !== cols);
  if (uneven >= 0) throw new Error(`Row ${uneven + 1} has ${cells[uneven].length} values, the first row ${cols}.`);
  if (cells.length > maxSide || cols > maxSide) throw new Error(`Boards up to ${maxSide} × ${maxSide} only; this one is ${cells.length} × ${cols}.`);
  const values = new Uint8Array(cells.length * cols);
  cells.forEach((c, r) => values.set(c, r * cols));
  return { rows: cells.length, cols, values, note };
}

const tokens = (line) => line.split(/\s+/).filter((t) => t.length);

// The values of one row, or a message.
function rowCells(line, states) {
  const parts = tokens(line);
  const one = parts.length === 1 ? parts[0] : null;
  let values;
  if (one !== null && /^[.#]+$/.test(one)) values = [...one].map((ch) => (ch === '#' ? 1 : 0));
  else if (one !== null && states <= 10 && /^\d+$/.test(one)) values = [...one].map(Number);
  else values = parts.map((t) => (/^\d{1,3}$/.test(t) ? Number(t) : NaN));
  const wrong = values.findIndex((v) => !(v >= 0 && v < states));
  if (wrong >= 0) {
    const shown = one !== null && parts.length === 1 && values.length > 1 ? one[wrong] : parts[wrong];
    return `value ${wrong + 1} ('${shown}') is not ${states === 2 ? '0 or 1 (or . and #)' : `a state 0..${states - 1}`}`;
  }
  return values;
}

function parsePbm(text, maxSide) {
  const words = text.replace(/#[^\n]*/g, ' ').split(/\s+/).filter((t) => t.length);
  const cols = Number(words[1]), rows = Number(words[2]);
  if (!(Number.isInteger(cols) && Number.isInteger(rows) && cols > 0 && rows > 0)) throw new Error('PBM: expected "P1 width height" first.');
  if (rows > maxSide || cols > maxSide) throw new Error(`Boards up to ${maxSide} × ${maxSide} only; this one is ${rows} × ${cols}.`);
  const bits = words.slice(3).join('');
  if (/[^01]/.test(bits)) throw new Error('PBM: pixels must be 0 or 1.');
  if (bits.length !== rows * cols) throw new Error(`PBM: expected ${rows * cols} pixels, got ${bits.length}.`);
  return { rows, cols, values: Uint8Array.from(bits, Number), note: '' };
}
