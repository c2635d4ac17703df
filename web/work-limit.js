// The back ends' cost-based limit for rules other than the classic, mirrored from
// src/api/work_estimate.cpp and the Limits of src/api/api.hpp: the page refuses what they would.

export const MAX_RULES_WORK = 3e9;              // Limits::max_rules_work
export const MAX_RULES_BYTES = 256 * 1024 * 1024;  // Limits::max_rules_bytes
export const KERNEL_MAX_CELLS = 2500;           // Limits::max_kernel_cells: quiet patterns sent
export const CHASE_MAX_CELLS = 2500;            // Limits::max_chase_cells

// The number of distinct primes of k.
function primes(k) {
  let n = 0;
  for (let p = 2; p * p <= k; p++) {
    if (k % p === 0) { n++; while (k % p === 0) k /= p; }
  }
  return n + (k > 1 ? 1 : 0);
}

const isPlus = (offsets) => {
  const keys = new Set(offsets.map(([dr, dc]) => `${dr},${dc}`));
  const ring = ['-1,0', '0,-1', '0,1', '1,0'];
  return ring.every((k) => keys.has(k)) && keys.size === (keys.has('0,0') ? 5 : 4);
};

// The estimate of the C++ estimated_solve_work and estimated_solve_bytes, in the same units.
export function estimate(rows, cols, rules) {
  const cells = rows * cols;
  const holes = rules.holes ? rules.holes.reduce((a, v) => a + (v ? 1 : 0), 0) : 0;
  const two = rules.states === 2;
  const wrapsR = rules.topology === 'torus';
  const wrapsC = rules.topology !== 'plane';
  const chase = holes === 0 && rules.nbhd !== 'rowcol' && isPlus(rules.offsets) &&
    (!wrapsR || rows >= 3) && (!wrapsC || cols >= 3);
  const u = Math.min(rows, cols) * ((cols > rows ? wrapsC : wrapsR) ? 2 : 1);
  if (chase && u <= (two ? 16384 : 2048)) {
    const work = two ? u * cells / 16 + u ** 3 / 16 : 2 * u * cells + 4 * primes(rules.states) * u ** 3;
    return { work, bytes: cells * 16 + 2 * u * u / (two ? 8 : 1) };
  }
  const n = cells - holes;
  let w = n;
  if (rules.nbhd !== 'rowcol') {
    const drs = rules.offsets.map((o) => o[0]).concat(0);
    const dcs = rules.offsets.map((o) => o[1]).concat(0);
    w = Math.min(Math.max(...drs) - Math.min(...drs), rows) * cols + Math.max(...dcs) - Math.min(...dcs) + 1;
    if (rules.topology !== 'plane') w *= 2;
    w = Math.min(w, n);
  }
  if (two) return { work: n * w * w / 64 + n, bytes: cells * 16 + n * w / 4 };
  return { work: primes(rules.states) * n * n * w + n, bytes: n * n + cells * 16 };
}

// Why the back ends would refuse these rules on this size, or null (classic rules: never here).
export function refusal(rows, cols, rules) {
  const { work, bytes } = estimate(rows, cols, rules);
  if (work > MAX_RULES_WORK) {
    return `with these rules ${rows} × ${cols} would take too long (estimated work ${work.toPrecision(2)}, the limit is ${MAX_RULES_WORK.toPrecision(2)})`;
  }
  if (bytes > MAX_RULES_BYTES) {
    return `with these rules ${rows} × ${cols} would need too much memory (about ${Math.ceil(bytes / 2 ** 20)} MiB)`;
  }
  return null;
}
