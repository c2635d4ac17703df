// The fewest lights to change so that a board of p states becomes solvable.
// A board b is solvable exactly when q . (target - b) = 0 (mod p) for every quiet pattern q of the
// transposed rules (for any p: Z_p is a Frobenius ring, so the image of the press matrix is the
// annihilator of the transposed kernel, and generators of that kernel suffice), so the changes e
// (adding e_i to light i) must meet q . e = q . (target - b): the fewest cells whose "syndromes"
// h_i (the q_j at cell i), times some 1..p-1, add up to the board's. Exact by breadth-first search
// over the p^d syndromes while that is small; else, for a prime p, at most d changes by
// elimination (a composite p has zero divisors: no elimination, no answer).

const BFS_WORK_LIMIT = 4e7;

export const isPrime = (p) => { for (let k = 2; k * k <= p; k++) if (p % k === 0) return false; return p >= 2; };
const inverse = (a, p) => { for (let x = 1; x < p; x++) if ((a * x) % p === 1) return x; return 0; };

// kernel: arrays of Uint8Array (one value per board cell); lights, holes as in the page; target
// the goal value; p the states. Returns { changes: Map(board index -> amount 1..p-1), exact },
// an empty map when the board is solvable already, or null when d is too large.
export function fewestChanges(kernel, lights, holes, target, p) {
  const d = kernel.length, n = lights.length;
  if (d === 0) return { changes: new Map(), exact: true };
  const column = (i) => kernel.map((q) => q[i] % p);
  const syndrome = new Array(d).fill(0);
  for (let i = 0; i < n; i++) {
    if (holes && holes[i]) continue;
    const diff = (target - lights[i] + p) % p;
    if (diff) kernel.forEach((q, j) => { syndrome[j] = (syndrome[j] + q[i] * diff) % p; });
  }
  if (syndrome.every((v) => v === 0)) return { changes: new Map(), exact: true };
  if (!isPrime(p)) {
    const changes = compositeChanges(d, p, n, holes, column, syndrome);
    return changes && { changes, exact: true };
  }
  // One cell for each distinct non-zero syndrome direction (multiples are the same cell's reach).
  const cellOf = new Map();
  for (let i = 0; i < n; i++) {
    if (holes && holes[i]) continue;
    const h = column(i);
    const lead = h.find((v) => v !== 0);
    if (lead === undefined) continue;
    const inv = inverse(lead, p);
    const key = h.map((v) => (v * inv) % p).join(',');
    if (!cellOf.has(key)) cellOf.set(key, { cell: i, h });
  }
  const gens = [...cellOf.values()];
  if (d * Math.log(p) < Math.log(BFS_WORK_LIMIT) && p ** d * gens.length * (p - 1) * d <= BFS_WORK_LIMIT) {
    const moves = [];
    for (const g of gens) for (let a = 1; a < p; a++) moves.push({ cell: g.cell, a, v: g.h.map((x) => (x * a) % p) });
    const changes = bfs(d, p, moves, syndrome);
    return changes && { changes, exact: true };
  }
  const changes = eliminate(d, p, gens, syndrome);
  return changes && { changes, exact: false };
}

// Composite k: breadth-first search only, each distinct change vector a * h_i (a in 1..k-1) once
// (cells with the same vector are interchangeable); null past the work limit.
function compositeChanges(d, k, n, holes, column, syndrome) {
  if (d * Math.log(k) >= Math.log(BFS_WORK_LIMIT)) return null;
  const seen = new Map();
  for (let i = 0; i < n; i++) {
    if (holes && holes[i]) continue;
    const h = column(i);
    for (let a = 1; a < k; a++) {
      const v = h.map((x) => (x * a) % k);
      const key = v.join(',');
      if (v.some((x) => x !== 0) && !seen.has(key)) seen.set(key, { cell: i, a, v });
    }
    if (seen.size >= k ** d) break;  // every vector found
  }
  const moves = [...seen.values()];
  if (k ** d * moves.length * d > BFS_WORK_LIMIT) return null;
  return bfs(d, k, moves, syndrome);
}

const encode = (v, p) => v.reduceRight((acc, x) => acc * p + x, 0);

// moves: { cell, a, v } (v the syndrome change of adding a to the cell), all mod p. The fewest
// moves from syndrome 0 to goal, as a map cell -> amount; null when goal is out of reach.
function bfs(d, p, moves, goal) {
  const size = p ** d;
  const from = new Int32Array(size).fill(-1);  // the move (generator, amount) that reached a state
  const target = encode(goal, p);
  from[0] = -2;
  let frontier = [0];
  const digits = new Array(d);
  while (frontier.length && from[target] === -1) {
    const next = [];
    for (const s of frontier) {
      let t = s;
      for (let j = 0; j < d; j++) { digits[j] = t % p; t = Math.floor(t / p); }
      moves.forEach((m, k) => {
        const u = encode(digits.map((x, j) => (x + m.v[j]) % p), p);
        if (from[u] === -1) { from[u] = k; next.push(u); }
      });
    }
    frontier = next;
  }
  if (from[target] === -1) return null;
  const changes = new Map();
  for (let s = target; s !== 0;) {
    const m = moves[from[s]];
    changes.set(m.cell, ((changes.get(m.cell) ?? 0) + m.a) % p);
    let t = s;
    for (let j = 0; j < d; j++) { digits[j] = t % p; t = Math.floor(t / p); }
    s = encode(digits.map((x, j) => (x - m.v[j] + p) % p), p);
  }
  return changes;
}

// Gaussian elimination over Z_p on the generators' columns: goal = sum of at most d of them.
function eliminate(d, p, gens, goal) {
  // Rows: [h (d values) | one-hot of the generator]; reduce h to echelon form.
  const rows = gens.map((g, k) => ({ h: g.h.slice(), combo: new Map([[k, 1]]) }));
  const basis = [];  // [pivot index, row]
  for (const row of rows) {
    for (const [piv, b] of basis) {
      const f = row.h[piv];
      if (f) addScaled(row, b, p - f, p);
    }
    const piv = row.h.findIndex((v) => v !== 0);
    if (piv < 0) continue;
    const inv = inverse(row.h[piv], p);
    scale(row, inv, p);
    for (const [, b] of basis) if (b.h[piv]) addScaled(b, row, p - b.h[piv], p);
    basis.push([piv, row]);
  }
  const want = { h: goal.slice(), combo: new Map() };
  const result = { h: new Array(d).fill(0), combo: new Map() };
  for (const [piv, b] of basis) {
    const f = want.h[piv];
    if (f) { addScaled(result, b, f, p); addScaled(want, b, p - f, p); }
  }
  if (want.h.some((v) => v !== 0)) return null;
  const changes = new Map();
  for (const [k, a] of result.combo) if (a) changes.set(gens[k].cell, a);
  return changes;
}

function addScaled(row, other, f, p) {
  other.h.forEach((v, j) => { row.h[j] = (row.h[j] + f * v) % p; });
  for (const [k, a] of other.combo) {
    const v = ((row.combo.get(k) ?? 0) + f * a) % p;
    if (v) row.combo.set(k, v); else row.combo.delete(k);
  }
}
function scale(row, f, p) {
  row.h = row.h.map((v) => (v * f) % p);
  for (const [k, a] of row.combo) row.combo.set(k, (a * f) % p);
}
