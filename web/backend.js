// The page's solver: the WebAssembly core in a Web Worker (solver-worker.js), for the calls that
// can take long (solve, the size's facts, light chasing, the fewest changes to solvable), so
// that the page stays responsive. Requests are answered in order, with the API's JSON.
import { toRows, fromRows } from './core.js';
import { t, localError } from './i18n.js';

function workerTransport() {
  const worker = new Worker('solver-worker.js');
  const waiting = new Map();
  let next = 0, broken = null;
  worker.onmessage = (e) => {
    const { id, status, body } = e.data;
    waiting.get(id)?.({ status, data: JSON.parse(body) });
    waiting.delete(id);
  };
  // The error, in the page's locale whenever it is shown (the browser's own words kept).
  worker.onerror = (e) => {
    const why = e.message || (() => t('page.backend.workerError'));
    broken = localError('page.backend.broken', { why });
    for (const done of waiting.values()) done({ status: 503, data: { broken } });
    waiting.clear();
  };
  return (endpoint, a, b = '') => new Promise((done) => {
    if (broken) { done({ status: 503, data: { broken } }); return; }
    const id = next++;
    waiting.set(id, done);
    worker.postMessage({ id, endpoint, a, b });
  });
}

// The API's lights, holes at 0.
const lightsRows = (board) => toRows(board.rows, board.cols,
  board.holes ? board.lights.map((v, i) => (board.holes[i] ? 0 : v)) : board.lights, board.states);

// solve, info and fix in the worker; `where` names it for the page.
export function makeBackend() {
  const transport = workerTransport();
  const call = async (endpoint, a, b) => {
    const { status, data } = await transport(endpoint, a, b);
    if (data.broken) throw data.broken;
    if (data.crashed !== undefined) throw localError('page.backend.crashed', { why: data.crashed });
    if (status !== 200) throw data.error ? new Error(data.error) : localError('page.backend.status', { status });
    return data;
  };
  const body = (board, extra = {}) => JSON.stringify({ rows: board.rows, cols: board.cols,
    rules: board.rulesText, lights: lightsRows(board), ...extra });
  return {
    get where() { return t('page.backend.here'); },
    // board: { rows, cols, states, rulesText, lights, holes }.
    async solve(board, minimal) {
      const res = await call('solve', body(board, { minimal }));
      return { ...res, presses: res.presses ? fromRows(board.rows, board.cols, res.presses) : null };
    },
    // The facts of a size under rules; kernel as Uint8Arrays (null when too big to send).
    async info(rows, cols, rulesText) {
      const res = await call('info', `${rows}x${cols}`, rulesText);
      return { ...res, kernel: res.kernel ? res.kernel.map((k) => fromRows(rows, cols, k)) : null };
    },
    // The fewest lights to change to make the board solvable: { changes (Uint8Array of amounts,
    // or null), count, exact, reason }.
    async fix(board) {
      const res = await call('fix', body(board));
      return { ...res, changes: res.changes ? fromRows(board.rows, board.cols, res.changes) : null };
    },
  };
}
