// The board on a canvas: any size up to 1000 x 1000, zoom (wheel, pinch, buttons) and pan (drag).
import { stateColours, markColour, PAGE_BG, HOLE_EDGE, FOCUS } from './colours.js';

const MAX_SCALE = 96;  // CSS px per cell at the closest zoom

export class BoardView {
  // canvas: the <canvas>; handlers: { cell(r, c), paint(r, c, first) } for clicks and drags.
  constructor(canvas, handlers) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.handlers = handlers;
    this.rows = 1; this.cols = 1;
    this.scale = 1; this.ox = 0; this.oy = 0; this.fitScale = 1;
    this.model = null;
    this.painting = false;
    this.pointers = new Map();
    this.pixels = document.createElement('canvas');
    this.listen();
  }

  // A new board size: fit it.
  setBoard(rows, cols) {
    this.rows = rows; this.cols = cols;
    this.model = null;  // the caller draws the new board
    this.resize();
    this.fit();
  }

  // The canvas follows its box's CSS size.
  resize() {
    const r = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.w = Math.max(1, r.width); this.h = Math.max(1, r.height);
    this.canvas.width = Math.round(this.w * dpr);
    this.canvas.height = Math.round(this.h * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const fit = Math.min(this.w / this.cols, this.h / this.rows);
    const wasFit = Math.abs(this.scale - this.fitScale) < 1e-9;
    this.fitScale = fit;
    if (wasFit) this.fit(); else this.draw();
  }

  fit() {
    this.scale = this.fitScale;
    this.ox = (this.w - this.cols * this.scale) / 2;
    this.oy = (this.h - this.rows * this.scale) / 2;
    this.changedZoom();
  }

  // Zoom by `factor` keeping the board point under (x, y) (canvas CSS px) in place.
  zoomBy(factor, x = this.w / 2, y = this.h / 2) {
    const next = Math.min(Math.max(this.fitScale, MAX_SCALE), Math.max(this.fitScale, this.scale * factor));
    const f = next / this.scale;
    this.ox = x - (x - this.ox) * f;
    this.oy = y - (y - this.oy) * f;
    this.scale = next;
    this.changedZoom();
  }

  panBy(dx, dy) { this.ox += dx; this.oy += dy; this.clampPan(); this.draw(); }

  // Keeps some of the board in view.
  clampPan() {
    const bw = this.cols * this.scale, bh = this.rows * this.scale;
    const clamp = (o, size, view) => (size <= view ? (view - size) / 2 : Math.min(0, Math.max(view - size, o)));
    this.ox = clamp(this.ox, bw, this.w);
    this.oy = clamp(this.oy, bh, this.h);
  }

  changedZoom() {
    this.clampPan();
    const zoomed = this.scale > this.fitScale * 1.001;
    this.canvas.style.touchAction = zoomed ? 'none' : 'pan-y';
    this.canvas.dataset.zoom = (this.scale / this.fitScale).toFixed(2);
    this.canvas.dataset.cellPx = this.scale.toFixed(2);
    this.draw();
  }

  // Brings cell i into view (keyboard focus).
  reveal(i) {
    const r = Math.floor(i / this.cols), c = i % this.cols;
    const x = this.ox + c * this.scale, y = this.oy + r * this.scale;
    if (x < 0) this.ox -= x; else if (x + this.scale > this.w) this.ox -= x + this.scale - this.w;
    if (y < 0) this.oy -= y; else if (y + this.scale > this.h) this.oy -= y + this.scale - this.h;
    this.clampPan();
  }

  // [r, c] under a client point, or null.
  cellAt(clientX, clientY) {
    const b = this.canvas.getBoundingClientRect();
    const c = Math.floor((clientX - b.left - this.ox) / this.scale);
    const r = Math.floor((clientY - b.top - this.oy) / this.scale);
    return r >= 0 && r < this.rows && c >= 0 && c < this.cols ? [r, c] : null;
  }

  // The cell's box in client coordinates (tests click its centre).
  cellRect(r, c) {
    const b = this.canvas.getBoundingClientRect();
    return { x: b.left + this.ox + c * this.scale, y: b.top + this.oy + r * this.scale, size: this.scale };
  }

  // model: { lights, holes, states, presses, hint, fix, cursor, focused, chaseRow, chasePresses }
  draw(model = this.model) {
    this.model = model;
    if (!model || model.lights.length !== this.rows * this.cols) return;
    const { ctx } = this;
    ctx.fillStyle = PAGE_BG;
    ctx.fillRect(0, 0, this.w, this.h);
    if (this.scale >= 4) this.drawCells(model); else this.drawPixels(model);
    if (model.focused && model.cursor >= 0) {
      const r = Math.floor(model.cursor / this.cols), c = model.cursor % this.cols, s = this.scale;
      ctx.strokeStyle = FOCUS;
      ctx.lineWidth = 3;
      ctx.strokeRect(this.ox + c * s - 2, this.oy + r * s - 2, Math.max(s, 3) + 4, Math.max(s, 3) + 4);
    }
  }

  visibleRange() {
    const s = this.scale;
    return {
      r0: Math.max(0, Math.floor(-this.oy / s)), r1: Math.min(this.rows, Math.ceil((this.h - this.oy) / s)),
      c0: Math.max(0, Math.floor(-this.ox / s)), c1: Math.min(this.cols, Math.ceil((this.w - this.ox) / s)),
    };
  }

  drawCells(m) {
    const { ctx } = this, s = this.scale, cols = this.cols;
    const colours = stateColours(m.states);
    const gap = s >= 10 ? Math.max(1, s * 0.07) : s >= 6 ? 1 : 0;
    const radius = s >= 16 ? s * 0.14 : 0;
    const { r0, r1, c0, c1 } = this.visibleRange();
    const numbers = m.states > 2 && s >= 22;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let r = r0; r < r1; r++) {
      for (let c = c0; c < c1; c++) {
        const i = r * cols + c;
        const x = this.ox + c * s + gap / 2, y = this.oy + r * s + gap / 2, w = s - gap;
        if (m.holes && m.holes[i]) {
          if (s >= 8) {
            ctx.strokeStyle = HOLE_EDGE;
            ctx.lineWidth = 1;
            ctx.setLineDash([Math.max(2, s / 10), Math.max(2, s / 10)]);
            ctx.strokeRect(x + 0.5, y + 0.5, w - 1, w - 1);
            ctx.setLineDash([]);
          }
          continue;
        }
        const fill = colours[m.lights[i]];
        ctx.fillStyle = fill;
        if (radius) { ctx.beginPath(); ctx.roundRect(x, y, w, w, radius); ctx.fill(); } else ctx.fillRect(x, y, w, w);
        const ink = markColour(fill);
        const cx = x + w / 2, cy = y + w / 2;
        if (m.chaseRow === r) {
          ctx.strokeStyle = FOCUS; ctx.lineWidth = Math.max(1, s * 0.06);
          ctx.strokeRect(x + 1, y + 1, w - 2, w - 2);
        }
        const marked = (m.presses && m.presses[i]) || m.hint === i || (m.fix && m.fix[i]);
        if (numbers && !marked) {
          ctx.fillStyle = ink;
          const label = String(m.lights[i]);
          ctx.font = `${Math.round(Math.min(w * 0.32, (w * 0.8) / (label.length * 0.6)))}px system-ui, sans-serif`;
          ctx.fillText(label, cx, cy + 0.5);
        }
        const pressed = (m.presses && m.presses[i]) || (m.chasePresses && m.chasePresses[i]);
        if (pressed) {
          ctx.fillStyle = ink;
          ctx.beginPath(); ctx.arc(cx, cy, Math.max(1.5, w * 0.22), 0, Math.PI * 2); ctx.fill();
          if (pressed > 1 && s >= 18) {
            ctx.fillStyle = fill;
            ctx.font = `bold ${Math.round(s * 0.26)}px system-ui, sans-serif`;
            ctx.fillText(String(pressed), cx, cy + 0.5);
          }
        }
        if (m.hint === i) {
          ctx.strokeStyle = ink; ctx.lineWidth = Math.max(2, w * 0.09);
          ctx.beginPath(); ctx.arc(cx, cy, w * 0.36, 0, Math.PI * 2); ctx.stroke();
        }
        if (m.fix && m.fix[i]) {
          const d = w * 0.3;
          ctx.strokeStyle = ink; ctx.lineWidth = Math.max(2, w * 0.1);
          ctx.beginPath(); ctx.moveTo(cx - d, cy - d); ctx.lineTo(cx + d, cy + d);
          ctx.moveTo(cx + d, cy - d); ctx.lineTo(cx - d, cy + d); ctx.stroke();
        }
      }
    }
  }

  // Below 4 px a cell: one pixel per cell, scaled without smoothing; a marked cell shows its mark
  // colour (dark or white against its fill).
  drawPixels(m) {
    const { rows, cols } = this;
    const px = this.pixels;
    if (px.width !== cols || px.height !== rows) { px.width = cols; px.height = rows; }
    const pctx = px.getContext('2d');
    const img = pctx.createImageData(cols, rows);
    const colours = stateColours(m.states).map((h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16)));
    const inks = stateColours(m.states).map((h) => (markColour(h) === '#ffffff' ? [255, 255, 255] : [2, 6, 23]));
    const bg = [1, 3, 5].map((k) => parseInt(PAGE_BG.slice(k, k + 2), 16));
    const d = img.data;
    for (let i = 0; i < rows * cols; i++) {
      const v = m.lights[i];
      const marked = (m.presses && m.presses[i]) || m.hint === i || (m.fix && m.fix[i]) ||
        (m.chasePresses && m.chasePresses[i]);
      const rgb = m.holes && m.holes[i] ? bg : marked ? inks[v] : colours[v];
      d[i * 4] = rgb[0]; d[i * 4 + 1] = rgb[1]; d[i * 4 + 2] = rgb[2]; d[i * 4 + 3] = 255;
    }
    pctx.putImageData(img, 0, 0);
    this.ctx.imageSmoothingEnabled = false;
    this.ctx.drawImage(px, this.ox, this.oy, cols * this.scale, rows * this.scale);
  }

  listen() {
    const cv = this.canvas;
    let start = null, moved = false, pinch = 0;
    cv.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      cv.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      start = { x: e.clientX, y: e.clientY, cell: this.cellAt(e.clientX, e.clientY) };
      moved = false;
      this.painting = false;
      if (this.pointers.size === 2) pinch = this.pinchDistance();
    });
    cv.addEventListener('pointermove', (e) => {
      if (!this.pointers.has(e.pointerId) || !start) return;
      const prev = this.pointers.get(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) {
        const d = this.pinchDistance();
        const b = cv.getBoundingClientRect();
        const mid = [...this.pointers.values()].reduce((a, p) => ({ x: a.x + p.x / 2, y: a.y + p.y / 2 }), { x: 0, y: 0 });
        if (pinch > 0) this.zoomBy(d / pinch, mid.x - b.left, mid.y - b.top);
        pinch = d; moved = true;
        return;
      }
      if (!moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 6) return;
      const paints = this.handlers.paints?.();
      if (paints && start.cell) {
        const cell = this.cellAt(e.clientX, e.clientY);
        if (!this.painting) { this.painting = true; this.handlers.paint(...start.cell, true); }
        if (cell) this.handlers.paint(...cell, false);
      } else {
        this.panBy(e.clientX - prev.x, e.clientY - prev.y);
      }
      moved = true;
    });
    const end = (e) => {
      if (!this.pointers.delete(e.pointerId)) return;
      if (this.pointers.size) return;
      if (!moved && start?.cell && e.type === 'pointerup') this.handlers.cell(...start.cell);
      if (this.painting) this.handlers.paintDone?.();
      start = null; this.painting = false; pinch = 0;
    };
    cv.addEventListener('pointerup', end);
    cv.addEventListener('pointercancel', end);
    cv.addEventListener('wheel', (e) => {
      // Zooming out at the fit would do nothing: let the page scroll instead.
      if (e.deltaY > 0 && this.scale <= this.fitScale * 1.001) return;
      e.preventDefault();
      const b = cv.getBoundingClientRect();
      this.zoomBy(Math.exp(-e.deltaY / 300), e.clientX - b.left, e.clientY - b.top);
    }, { passive: false });
  }

  pinchDistance() {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}
