// The fewest lights to toggle so that a two-state board becomes solvable. A board b is solvable
// exactly when q . (b - target) = 0 for every quiet pattern q of the transposed rules, so the
// toggles e must meet q . e = q . (b - target): the smallest set of cells whose "syndromes" add up
// to the board's. Exact by breadth-first search over the 2^d syndromes while that is small, else
// at most d toggles by elimination.

const BFS_WORK_LIMIT = 4e7;

// kernel: arrays of Uint8Array (one value per board cell); lights, holes as in the page; target
// 0 or 1. Returns { cells: [board index...], exact } (cells empty when already solvable).
export function fewestToggles(kernel, lights, holes, target) {
  const d = kernel.length, n = lights.length;
  if (d === 0) return { cells: [], exact: true };
  if (d > 30) return null;
  let syndrome = 0;
  const column = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (holes && holes[i]) continue;
    let h = 0;
    for (let j = 0; j < d; j++) if (kernel[j][i]) h |= 1 << j;
    column[i] = h;
    if ((lights[i] ^ target) & 1) syndrome ^= h;
  }
  if (syndrome === 0) return { cells: [], exact: true };
  // One cell for each distinct non-zero syndrome: the generators.
  const cellOf = new Map();
  for (let i = 0; i < n; i++) if (column[i] && !cellOf.has(column[i])) cellOf.set(column[i], i);
  const gens = [...cellOf.keys()];
  if ((2 ** d) * gens.length <= BFS_WORK_LIMIT) return { cells: bfs(d, gens, syndrome).map((g) => cellOf.get(g)), exact: true };
  return { cells: eliminate(gens, syndrome).map((g) => cellOf.get(g)), exact: false };
}

function bfs(d, gens, goal) {
  const from = new Int32Array(2 ** d).fill(-1);  // the generator that reached each syndrome
  from[0] = 0;
  let frontier = [0];
  while (frontier.length && from[goal] < 0) {
    const next = [];
    for (const s of frontier) {
      for (const g of gens) {
        const t = s ^ g;
        if (from[t] < 0) { from[t] = g; next.push(t); }
      }
    }
    frontier = next;
  }
  const path = [];
  for (let s = goal; s !== 0; s ^= from[s]) path.push(from[s]);
  return path;
}

// A basis of the generators by elimination; the goal written in it (at most d of them).
function eliminate(gens, goal) {
  const basis = [];  // [reduced value, generators that xor to it]
  for (const g of gens) {
    let v = g, parts = [g];
    for (const [b, bp] of basis) if ((v ^ b) < v) { v ^= b; parts = xorSets(parts, bp); }
    if (v) basis.push([v, parts]);
    basis.sort((a, b) => b[0] - a[0]);
  }
  let v = goal, parts = [];
  for (const [b, bp] of basis) if ((v ^ b) < v) { v ^= b; parts = xorSets(parts, bp); }
  return parts;
}

function xorSets(a, b) {
  const s = new Set(a);
  for (const x of b) { if (s.has(x)) s.delete(x); else s.add(x); }
  return [...s];
}
