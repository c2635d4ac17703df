// "Watch the algorithm": light chasing row by row, narrated (classic rules, from /api/chase).

const $ = (id) => document.getElementById(id);
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;

const colList = (cols) => {
  const names = cols.map((c) => c + 1);
  if (names.length <= 1) return `column ${names[0]}`;
  return `columns ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};
const onesIn = (s) => [...s].flatMap((ch, c) => (ch === '1' ? [c] : []));

function stepSentence(trace, k) {
  const presses = onesIn(trace.steps[k].presses);
  if (k === 0) {
    if (!trace.solvable) return 'Row 1: no choice of first-row presses can clear this board, so we press nothing and chase anyway to show what is left.';
    if (!presses.length) return 'Row 1: solving the small first-row system says the first row needs no presses for the chase to end dark.';
    return `Row 1: press ${colList(presses)}. These come from solving the small first-row system, chosen so that the chase below ends with a dark last row.`;
  }
  if (!presses.length) return `Row ${k + 1}: row ${k} is already dark, so nothing is pressed.`;
  return `Row ${k + 1}: row ${k} still has ${presses.length === 1 ? 'a light' : presses.length + ' lights'} on (${colList(presses)}); the only buttons that turn ${presses.length === 1 ? 'it' : 'them'} off without disturbing the rows above are directly below, so press them.`;
}

function lastSentence(trace) {
  const left = onesIn(trace.last_row);
  const total = trace.steps.reduce((n, s) => n + onesIn(s.presses).length, 0);
  if (trace.dark) return `Last-row check: the bottom row is dark, so the whole board is off. Done in ${plural(total, 'press')}.`;
  return `Last-row check: ${plural(left.length, 'light')} ${left.length === 1 ? 'remains' : 'remain'} in the bottom row (${colList(left)}) and nothing below can fix ${left.length === 1 ? 'it' : 'them'}: this board has no solution.`;
}

// A running chase. show(lights, row, presses) draws a step; show(null) the player's board again.
export class Chase {
  constructor(trace, cols, show) {
    Object.assign(this, { trace, cols, show, k: -1, timer: 0, paused: false });
    $('chase-panel').hidden = false;
    $('chase-pause').textContent = 'Pause';
    $('chase-text').textContent = 'Light chasing: we go down the board one row at a time.';
    delete $('chase-text').dataset.done;
    this.schedule();
  }

  schedule() {
    if (this.paused) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.advance(); this.schedule(); }, Number($('chase-speed').value));
  }

  advance() {
    const { trace, cols } = this;
    if (this.k >= trace.steps.length) return;
    this.k++;
    if (this.k < trace.steps.length) {
      const step = trace.steps[this.k];
      const presses = new Uint8Array(trace.steps.length * cols);
      for (let c = 0; c < cols; c++) presses[this.k * cols + c] = step.presses[c] === '1' ? 1 : 0;
      this.show(step.lights, this.k, presses);
      $('chase-text').textContent = stepSentence(trace, this.k);
    } else {
      this.show(trace.steps[trace.steps.length - 1].lights, trace.steps.length - 1, null);
      $('chase-text').textContent = lastSentence(trace);
      $('chase-text').dataset.done = 'true';
      clearTimeout(this.timer);
      this.paused = true;
      $('chase-pause').textContent = 'Replay';
    }
  }

  step() {
    this.paused = true;
    clearTimeout(this.timer);
    $('chase-pause').textContent = 'Play';
    this.advance();
  }

  togglePause() {
    if (this.k >= this.trace.steps.length) {  // replay from the start
      this.k = -1; delete $('chase-text').dataset.done; this.paused = false;
    } else {
      this.paused = !this.paused;
    }
    $('chase-pause').textContent = this.paused ? 'Play' : 'Pause';
    if (!this.paused) this.schedule(); else clearTimeout(this.timer);
  }

  stop() {
    clearTimeout(this.timer);
    $('chase-panel').hidden = true;
    delete $('chase-text').dataset.done;
    this.show(null);
  }
}
