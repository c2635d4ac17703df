// The page's back ends, one interface: the server's /api/* when served by `lightsout serve`, or
// the WebAssembly core in a Web Worker on a static site. Both answer with the API's JSON.

export const CLASSIC_MAX_CELLS = 1000 * 1000;

// A transport: (endpoint, payload) -> { status, data }; endpoint solve/chase take a JSON body,
// info takes { size, rules }.
export async function httpTransport(endpoint, payload) {
  const init = endpoint === 'info' ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload),
  };
  const path = endpoint === 'info'
    ? `api/info?size=${payload.size}&rules=${encodeURIComponent(payload.rules)}` : `api/${endpoint}`;
  let res;
  try { res = await fetch(path, init); } catch { throw new Error('the server cannot be reached'); }
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  return { status: res.status, data };
}

// The WebAssembly core in a worker (solver-worker.js); requests are answered in order.
export function workerTransport() {
  const worker = new Worker('solver-worker.js');
  const waiting = new Map();
  let next = 0, broken = null;
  worker.onmessage = (e) => {
    const { id, status, body } = e.data;
    waiting.get(id)?.({ status, data: JSON.parse(body) });
    waiting.delete(id);
  };
  worker.onerror = (e) => {
    broken = `the WebAssembly core did not load (${e.message || 'worker error'})`;
    for (const done of waiting.values()) done({ status: 503, data: { error: broken } });
    waiting.clear();
  };
  return (endpoint, payload) => new Promise((done) => {
    if (broken) { done({ status: 503, data: { error: broken } }); return; }
    const id = next++;
    waiting.set(id, done);
    const args = endpoint === 'info' ? [payload.size, payload.rules] : [JSON.stringify(payload), ''];
    worker.postMessage({ id, endpoint, a: args[0], b: args[1] });
  });
}

// The API's lights: a digit string a row up to 10 states, an array of numbers a row above.
const digitRows = (rows, cols, values, holes, states = 2) => {
  const out = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) { const i = r * cols + c; row.push(holes && holes[i] ? 0 : values[i]); }
    out.push(states > 10 ? row : row.join(''));
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

// solve, info and chase over a transport; `where` names it for the page.
export function makeBackend(transport, where) {
  const call = async (endpoint, payload) => {
    const { status, data } = await transport(endpoint, payload);
    if (status !== 200) throw new Error(data.error || `HTTP ${status}`);
    return data;
  };
  return {
    where,
    // board: { rows, cols, states, rulesText, lights, holes }.
    async solve(board, minimal) {
      const res = await call('solve', {
        rows: board.rows, cols: board.cols, rules: board.rulesText, minimal,
        lights: digitRows(board.rows, board.cols, board.lights, board.holes, board.states),
      });
      return { ...res, presses: res.presses ? fromRows(board.rows, board.cols, res.presses) : null };
    },
    // The facts of a size under rules; kernel as Uint8Arrays (null when too big to send).
    async info(rows, cols, rulesText) {
      const res = await call('info', { size: `${rows}x${cols}`, rules: rulesText });
      return { ...res, kernel: res.kernel ? res.kernel.map((k) => fromRows(rows, cols, k)) : null };
    },
    async chase(board) {
      const res = await call('chase', {
        rows: board.rows, cols: board.cols, minimal: true,
        lights: digitRows(board.rows, board.cols, board.lights, board.holes),
      });
      return { ...res, steps: res.steps.map((s) => ({ presses: s.presses, lights: fromRows(board.rows, board.cols, s.lights) })) };
    },
  };
}

// The back end the page was built for: <meta name="lightsout-backend"> is "api" in web/ (served
// by lightsout serve) and "wasm" in the static site of scripts/build_static.sh.
export function pickBackend() {
  const kind = document.querySelector('meta[name=lightsout-backend]')?.content;
  if (kind === 'wasm') return makeBackend(workerTransport(), 'this browser (WebAssembly, no server)');
  return makeBackend(httpTransport, 'the server (lightsout serve)');
}
