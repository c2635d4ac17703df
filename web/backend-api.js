// The page's back end when served by `lightsout serve`: solve, facts and chase through /api/*.

export const API_MAX_STATES = 10;     // the API's lights are one digit a cell
export const CLASSIC_MAX_CELLS = 1000 * 1000;
export const RULES_MAX_CELLS = 2500;  // the server's limit for other rules and for the chase

async function call(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  };
  let res;
  try { res = await fetch(path, init); } catch { throw new Error('the server cannot be reached'); }
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

const digitRows = (rows, cols, values, holes) => {
  const out = [];
  for (let r = 0; r < rows; r++) {
    let s = '';
    for (let c = 0; c < cols; c++) { const i = r * cols + c; s += holes && holes[i] ? '0' : String(values[i]); }
    out.push(s);
  }
  return out;
};
const fromRows = (rows, cols, list) => {
  const out = new Uint8Array(rows * cols);
  list.forEach((s, r) => {
    if (Array.isArray(s)) s.forEach((v, c) => { out[r * cols + c] = v; });
    else for (let c = 0; c < cols; c++) out[r * cols + c] = s.charCodeAt(c) - 48;
  });
  return out;
};

function checkStates(board) {
  if (board.states > API_MAX_STATES) throw new Error(`the server solves boards of at most ${API_MAX_STATES} states`);
}

// board: { rows, cols, states, rulesText, lights, holes }.
export async function solve(board, minimal) {
  checkStates(board);
  const res = await call('api/solve', {
    rows: board.rows, cols: board.cols, rules: board.rulesText, minimal,
    lights: digitRows(board.rows, board.cols, board.lights, board.holes),
  });
  return { ...res, presses: res.presses ? fromRows(board.rows, board.cols, res.presses) : null };
}

// The facts of a size under rules; kernel as Uint8Arrays (null when too big to send).
export async function info(rows, cols, rulesText) {
  const res = await call(`api/info?size=${rows}x${cols}&rules=${encodeURIComponent(rulesText)}`);
  return { ...res, kernel: res.kernel ? res.kernel.map((k) => fromRows(rows, cols, k)) : null };
}

export async function chase(board) {
  const res = await call('api/chase', {
    rows: board.rows, cols: board.cols, minimal: true,
    lights: digitRows(board.rows, board.cols, board.lights, board.holes),
  });
  return {
    ...res,
    steps: res.steps.map((s) => ({ presses: s.presses, lights: fromRows(board.rows, board.cols, s.lights) })),
  };
}
