// The 7 x 7 neighbourhood editor: which cells around the button (the centre) a press changes.

export const HALF = 3;

export class MaskEditor {
  // onToggle(dr, dc): a cell was clicked.
  constructor(container, onToggle) {
    this.buttons = new Map();
    for (let dr = -HALF; dr <= HALF; dr++) {
      for (let dc = -HALF; dc <= HALF; dc++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.dr = dr; b.dataset.dc = dc;
        const where = dr === 0 && dc === 0 ? 'the button itself'
          : `${Math.abs(dr)} ${dr < 0 ? 'up' : 'down'}, ${Math.abs(dc)} ${dc < 0 ? 'left' : 'right'}`;
        b.setAttribute('aria-label', where);
        if (dr === 0 && dc === 0) b.classList.add('centre');
        b.addEventListener('click', () => onToggle(dr, dc));
        container.append(b);
        this.buttons.set(`${dr},${dc}`, b);
      }
    }
  }

  // Shows the offsets; disabled for rowcol (no fixed offsets).
  show(offsets, disabled) {
    const set = new Set(offsets.map(([dr, dc]) => `${dr},${dc}`));
    for (const [key, b] of this.buttons) {
      b.setAttribute('aria-pressed', String(set.has(key)));
      b.disabled = disabled;
    }
  }
}
