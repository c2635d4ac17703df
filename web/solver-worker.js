// The page's Web Worker: the WebAssembly core (lightsout-core.js, built from wasm/ with the site)
// answers the API's requests with the server's own code, off the page's thread.
/* global importScripts, createLightsout */
importScripts('lightsout-core.js');
const ready = createLightsout();

// Strings go through malloc'd memory (a 1000 x 1000 board is over a megabyte of JSON).
function callCore(core, endpoint, a, b) {
  const args = [endpoint, a, b].map((s) => {
    const n = core.lengthBytesUTF8(s) + 1;
    const p = core._malloc(n);
    core.stringToUTF8(s, p, n);
    return p;
  });
  try {
    return core.UTF8ToString(core._lightsout_call(...args));
  } finally {
    args.forEach((p) => core._free(p));
  }
}

onmessage = async (e) => {
  const { id, endpoint, a, b } = e.data;
  try {
    const out = callCore(await ready, endpoint, a, b);
    const nl = out.indexOf('\n');
    postMessage({ id, status: Number(out.slice(0, nl)), body: out.slice(nl + 1) });
  } catch (err) {
    // The page words it in its locale (backend.js); the error's own text is kept.
    postMessage({ id, status: 500, body: JSON.stringify({ crashed: String(err?.message ?? err) }) });
  }
};
