// lightsout.mjs: the WebAssembly core as a small JS API (ES module, browser or node), answering
// with the JSON objects of the HTTP API (docs/api.md); see docs/wasm-api.md.

// The emscripten factory of lightsout-core.js, which sits next to this file, and its options.
// In node the .wasm is read from disk (the glue would fetch() a file path, which node refuses).
async function loadFactory() {
  const here = import.meta.url;
  if (typeof process !== 'undefined' && process.versions?.node) {
    const { createRequire } = await import('node:module');
    const { readFile } = await import('node:fs/promises');
    const wasmBinary = await readFile(new URL('lightsout-core.wasm', here));
    return [createRequire(here)('./lightsout-core.js'), { wasmBinary }];
  }
  const src = new URL('lightsout-core.js', here).href;
  if (typeof importScripts === 'function') {
    importScripts(src);  // a classic Web Worker
  } else if (typeof document !== 'undefined') {
    await new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error(`lightsout: cannot load ${src}`));
      document.head.append(s);
    });
  } else {
    throw new Error('lightsout: no way to load lightsout-core.js here (a module worker?)');
  }
  return [globalThis.createLightsout, {}];
}

// An answer that is not 200 becomes an Error with the API's message and the HTTP-like status.
class LightsoutError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'LightsoutError';
    this.status = status;
  }
}
export { LightsoutError };

// Rows of lights: strings of digits ("0110") or arrays of numbers 0..K-1; rows and cols follow.
function shape(lights) {
  if (!Array.isArray(lights) || lights.length === 0) throw new TypeError('lights: a non-empty array of rows');
  return { rows: lights.length, cols: lights[0].length };
}

// Loads the module (once per call: keep the object it returns). Every function below runs
// synchronously on the calling thread: solve big boards in a Worker.
export async function load() {
  const [factory, options] = await loadFactory();
  const core = await factory(options);
  // Strings through malloc'd memory (a large board is megabytes of JSON).
  const call = (endpoint, a, b = '') => {
    const ptrs = [endpoint, a, b].map((s) => {
      const n = core.lengthBytesUTF8(s) + 1;
      const p = core._malloc(n);
      core.stringToUTF8(s, p, n);
      return p;
    });
    let out;
    try {
      out = core.UTF8ToString(core._lightsout_call(...ptrs));
    } finally {
      ptrs.forEach((p) => core._free(p));
    }
    const nl = out.indexOf('\n');
    const status = Number(out.slice(0, nl));
    const data = JSON.parse(out.slice(nl + 1));
    if (status !== 200) throw new LightsoutError(status, data.error ?? `status ${status}`);
    return data;
  };
  return {
    // lights: rows; options: rules (the rules text, '' = classic), minimal, minimalTime (s).
    // The answer of POST /api/solve: { solvable, presses, press_count, nullity, ... }.
    solve(lights, { rules = '', minimal = false, minimalTime } = {}) {
      const body = { ...shape(lights), lights, rules, minimal };
      if (minimalTime !== undefined) body.minimal_time = minimalTime;
      return call('solve', JSON.stringify(body));
    },
    // size: "RxC" or [rows, cols]. The answer of GET /api/info: nullity, quiet patterns, ...
    info(size, rules = '') {
      const text = Array.isArray(size) ? `${size[0]}x${size[1]}` : String(size);
      return call('info', text, rules);
    },
    // Light chasing step by step (classic rules): the answer of POST /api/chase.
    chase(lights, { minimal = false } = {}) {
      return call('chase', JSON.stringify({ ...shape(lights), lights, minimal }));
    },
    // The rules text parsed: { rules (canonical text), classic, topology, states, nbhd, self,
    // target, offsets, holes, rows, cols, refusal, limits } (POST /api/rules). With a size, refusal
    // says why a board of that size would be refused (null: admitted).
    rules(text = '', { rows, cols } = {}) {
      const body = { rules: text };
      if (rows !== undefined) Object.assign(body, { rows, cols });
      return call('rules', JSON.stringify(body));
    },
    // The cells one press of (row, col) changes: { cells: [[index, amount], ...] }.
    press(rules, rows, cols, row, col) {
      return call('press', JSON.stringify({ rules, rows, cols, row, col }));
    },
    // lights after the presses (both rows, as lights): { lights }.
    apply(lights, presses, { rules = '' } = {}) {
      return call('apply', JSON.stringify({ ...shape(lights), rules, lights, presses }));
    },
    // A random solvable board: { lights }; the same seed gives the same board.
    random(rows, cols, { rules = '', seed = 1 } = {}) {
      return call('random', JSON.stringify({ rows, cols, rules, seed }));
    },
    // One board read from text, in the formats the CLI reads, or the first puzzle of count-first
    // judge text: { rows, cols, puzzles, lights }.
    board(text, { states = 2 } = {}) {
      return call('board', JSON.stringify({ text, states }));
    },
    // The fewest lights to change to make the board solvable (POST /api/fix):
    // { solvable, changes, count, exact, reason }.
    fix(lights, { rules = '' } = {}) {
      return call('fix', JSON.stringify({ ...shape(lights), rules, lights }));
    },
  };
}
