// The 7 x 7 neighbourhood editor: which cells around the button (the centre) a press changes.
import { t, onLocaleChange } from './i18n.js';

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
        if (dr === 0 && dc === 0) b.classList.add('centre');
        b.addEventListener('click', () => onToggle(dr, dc));
        container.append(b);
        this.buttons.set(`${dr},${dc}`, b);
      }
    }
    this.label();
    onLocaleChange(() => this.label());
  }

  // Each cell's name, in the page's locale: where it is from the button.
  label() {
    for (const b of this.buttons.values()) {
      const dr = Number(b.dataset.dr), dc = Number(b.dataset.dc);
      const key = `page.mask.${dr < 0 ? 'up' : 'down'}${dc < 0 ? 'Left' : 'Right'}`;
      b.setAttribute('aria-label', dr === 0 && dc === 0 ? t('page.mask.self')
        : t(key, { dr: Math.abs(dr), dc: Math.abs(dc) }));
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
