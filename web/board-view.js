// The board on a canvas: any size up to 1000 x 1000, zoom (wheel, pinch, buttons, a dragged
// region) and pan (drag); small cells show the presses as a density map.
import { stateColours, markColour, densityColour, PAGE_BG, HOLE_EDGE, FOCUS } from './colours.js';

const MAX_SCALE = 96;  // CSS px per cell at the closest zoom
const PIXEL_PX = 4;    // below this many CSS px a cell, one pixel per cell
const DENSITY_PX = 2;  // below this, presses on show are drawn as their share per block of cells
// With 3 or more states and cells large enough for digits, the light value is printed at the
// cell's centre and a press is a diamond badge (with its count) in the top-right corner: its
// centre and half-diagonal as fractions of the cell. Smaller cells: the diamond at the centre.
const BADGE = { cx: 0.78, cy: 0.22, r: 0.21 };
const DIGITS_PX = 22;  // cells this large and up print their light value (3 or more states)

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
    this.showDensity = true;  // the user's choice: density map (true) or lights, at small cells
    this.regionMode = false;  // the next drag picks a rectangle to zoom into
    this.region = null;       // that rectangle while dragged, canvas CSS px
    this.tools = null;
    this.listen();
  }

  // The zoom-to-region button (aria-pressed shows the mode) and the density legend with its
  // toggle button; any may be missing.
  attachTools({ region = null, density = null, legend = null } = {}) {
    this.tools = { region, density, legend };
    region?.addEventListener('click', () => this.setRegionMode(!this.regionMode));
    density?.addEventListener('click', () => { this.showDensity = !this.showDensity; this.draw(); });
    this.canvas.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.setRegionMode(false); });
    this.setRegionMode(false);
  }

  // In region mode a drag on the board (or a shift-drag at any time) draws a rectangle, and
  // letting go zooms so the rectangle fills the view; the mode then ends.
  setRegionMode(on) {
    this.regionMode = on;
    this.region = null;
    this.canvas.dataset.region = on ? 'on' : 'off';
    this.canvas.style.cursor = on ? 'crosshair' : '';
    this.tools?.region?.setAttribute('aria-pressed', String(on));
    this.updateTouch();
    this.draw();
  }

  updateTouch() {
    const zoomed = this.scale > this.fitScale * 1.001;
    this.canvas.style.touchAction = zoomed || this.regionMode ? 'none' : 'pan-y';
  }

  // Zooms so that the rectangle (x0, y0)-(x1, y1), canvas CSS px, fills the view, as far as the
  // zoom limits allow, centred on it.
  zoomToRect(x0, y0, x1, y1) {
    const bw = Math.abs(x1 - x0) / this.scale, bh = Math.abs(y1 - y0) / this.scale;  // in cells
    const bx = (Math.min(x0, x1) - this.ox) / this.scale + bw / 2;
    const by = (Math.min(y0, y1) - this.oy) / this.scale + bh / 2;
    const want = Math.min(this.w / Math.max(bw, 1e-9), this.h / Math.max(bh, 1e-9));
    this.scale = Math.min(Math.max(this.fitScale, MAX_SCALE), Math.max(this.fitScale, want));
    this.ox = this.w / 2 - bx * this.scale;
    this.oy = this.h / 2 - by * this.scale;
    this.changedZoom();
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
    this.updateTouch();
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
    const presses = model.presses ?? model.chasePresses;
    const small = this.scale < DENSITY_PX && presses && presses.some((v) => v > 0);
    const density = small && this.showDensity;
    let shape;
    if (this.scale >= PIXEL_PX) shape = this.drawCells(model);
    else if (density) { this.drawDensity(model, presses); shape = 'density'; }
    else { this.drawPixels(model); shape = 'pixel'; }
    if (this.scale < PIXEL_PX && model.hint >= 0) this.drawSmallHint(model);
    if (model.focused && model.cursor >= 0) {
      const r = Math.floor(model.cursor / this.cols), c = model.cursor % this.cols, s = this.scale;
      ctx.strokeStyle = FOCUS;
      ctx.lineWidth = 3;
      ctx.strokeRect(this.ox + c * s - 2, this.oy + r * s - 2, Math.max(s, 3) + 4, Math.max(s, 3) + 4);
    }
    if (this.region) {
      const { x0, y0, x1, y1 } = this.region;
      ctx.setLineDash([6, 4]);
      ctx.lineWidth = 2;
      ctx.strokeStyle = FOCUS;
      ctx.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
      ctx.setLineDash([]);
    }
    // What is drawn, for tests and for the legend: the mark's shape (dot for two states, diamond
    // for more; pixel or density below PIXEL_PX), where in a cell a mark sits, whether values
    // are printed, and the density map's block (cells a side).
    const ds = this.canvas.dataset;
    ds.markShape = shape;
    ds.values = shape !== 'density' && shape !== 'pixel' && model.states > 2 && this.scale >= DIGITS_PX ? 'digits' : 'colour';
    ds.markAt = ds.values === 'digits' ? `${BADGE.cx} ${BADGE.cy}` : '0.5 0.5';
    ds.density = density ? 'on' : 'off';
    ds.densityBlock = density ? String(this.densityBlock()) : '';
    const { legend, density: toggle } = this.tools ?? {};
    if (legend) legend.hidden = !small;
    toggle?.setAttribute('aria-pressed', String(this.showDensity));
  }

  visibleRange() {
    const s = this.scale;
    return {
      r0: Math.max(0, Math.floor(-this.oy / s)), r1: Math.min(this.rows, Math.ceil((this.h - this.oy) / s)),
      c0: Math.max(0, Math.floor(-this.ox / s)), c1: Math.min(this.cols, Math.ceil((this.w - this.ox) / s)),
    };
  }

  // Cells of PIXEL_PX and more, each with its marks. Returns the press mark's shape.
  drawCells(m) {
    const { ctx } = this, s = this.scale, cols = this.cols;
    const colours = stateColours(m.states);
    const gap = s >= 10 ? Math.max(1, s * 0.07) : s >= 6 ? 1 : 0;
    const radius = s >= 16 ? s * 0.14 : 0;
    const { r0, r1, c0, c1 } = this.visibleRange();
    const multi = m.states > 2;
    const numbers = multi && s >= DIGITS_PX;
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
        // The light's value, never hidden by a mark: the marks go around it or in a corner.
        if (numbers) {
          ctx.fillStyle = ink;
          const label = String(m.lights[i]);
          ctx.font = `${Math.round(Math.min(w * 0.32, (w * 0.8) / (label.length * 0.6)))}px system-ui, sans-serif`;
          ctx.fillText(label, cx, cy + 0.5);
        }
        if (m.hint === i) {
          ctx.strokeStyle = ink; ctx.lineWidth = Math.max(2, w * 0.09);
          ctx.beginPath(); ctx.arc(cx, cy, w * 0.36, 0, Math.PI * 2); ctx.stroke();
        }
        // Marks in the corner badge when the value is printed, else at the centre.
        const bx = numbers ? x + w * BADGE.cx : cx, by = numbers ? y + w * BADGE.cy : cy;
        const pressed = (m.presses && m.presses[i]) || (m.chasePresses && m.chasePresses[i]);
        if (pressed && !multi) {
          ctx.fillStyle = ink;
          ctx.beginPath(); ctx.arc(cx, cy, Math.max(1.5, w * 0.22), 0, Math.PI * 2); ctx.fill();
        } else if (pressed) {
          const d = Math.max(2, w * (numbers ? BADGE.r : 0.3));
          ctx.fillStyle = ink;
          ctx.beginPath();
          ctx.moveTo(bx, by - d); ctx.lineTo(bx + d, by); ctx.lineTo(bx, by + d); ctx.lineTo(bx - d, by);
          ctx.closePath(); ctx.fill();
          const size = Math.round(d * 1.05);
          if (size >= 6) {
            ctx.fillStyle = fill;
            ctx.font = `bold ${size}px system-ui, sans-serif`;
            ctx.fillText(String(pressed), bx, by + 0.5);
          }
        }
        if (m.fix && m.fix[i]) {
          const d = w * (numbers ? BADGE.r * 0.75 : 0.3);
          ctx.strokeStyle = ink; ctx.lineWidth = Math.max(2, w * (numbers ? 0.07 : 0.1));
          ctx.beginPath(); ctx.moveTo(bx - d, by - d); ctx.lineTo(bx + d, by + d);
          ctx.moveTo(bx + d, by - d); ctx.lineTo(bx - d, by + d); ctx.stroke();
        }
      }
    }
    return multi ? 'diamond' : 'dot';
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

  // Cells a side of one block of the density map: blocks of about DENSITY_PX screen px.
  densityBlock() { return Math.max(1, Math.ceil(DENSITY_PX / this.scale)); }

  // Below DENSITY_PX a cell, with presses on show: each block of k x k cells is coloured by the
  // share of its cells (holes left out) marked to press, from densityColour(0) to (1); a block of
  // holes only is the page.
  drawDensity(m, presses) {
    const { rows, cols } = this;
    const k = this.densityBlock();
    const bw = Math.ceil(cols / k), bh = Math.ceil(rows / k);
    const pressed = new Uint32Array(bw * bh), total = new Uint32Array(bw * bh);
    for (let r = 0; r < rows; r++) {
      const row = ((r / k) | 0) * bw;
      for (let c = 0, i = r * cols; c < cols; c++, i++) {
        if (m.holes && m.holes[i]) continue;
        const j = row + ((c / k) | 0);
        total[j]++;
        if (presses[i]) pressed[j]++;
      }
    }
    const ramp = [];
    for (let q = 0; q <= 255; q++) ramp.push([1, 3, 5].map((n) => parseInt(densityColour(q / 255).slice(n, n + 2), 16)));
    const bg = [1, 3, 5].map((n) => parseInt(PAGE_BG.slice(n, n + 2), 16));
    const px = this.pixels;
    if (px.width !== bw || px.height !== bh) { px.width = bw; px.height = bh; }
    const pctx = px.getContext('2d');
    const img = pctx.createImageData(bw, bh);
    const d = img.data;
    for (let j = 0; j < bw * bh; j++) {
      const rgb = total[j] ? ramp[Math.round((pressed[j] / total[j]) * 255)] : bg;
      d[j * 4] = rgb[0]; d[j * 4 + 1] = rgb[1]; d[j * 4 + 2] = rgb[2]; d[j * 4 + 3] = 255;
    }
    pctx.putImageData(img, 0, 0);
    const { ctx } = this, s = this.scale;
    ctx.save();
    ctx.beginPath(); ctx.rect(this.ox, this.oy, cols * s, rows * s); ctx.clip();
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(px, this.ox, this.oy, bw * k * s, bh * k * s);
    ctx.restore();
  }

  // The hint's cell when cells are too small to carry a ring: a ring of readable size around it.
  drawSmallHint(m) {
    const { ctx } = this, s = this.scale;
    const r = Math.floor(m.hint / this.cols), c = m.hint % this.cols;
    const cx = this.ox + (c + 0.5) * s, cy = this.oy + (r + 0.5) * s;
    for (const [colour, width] of [[PAGE_BG, 5], [FOCUS, 2.5]]) {
      ctx.strokeStyle = colour; ctx.lineWidth = width;
      ctx.beginPath(); ctx.arc(cx, cy, Math.max(7, s * 1.5), 0, Math.PI * 2); ctx.stroke();
    }
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
      if (this.pointers.size === 2) { pinch = this.pinchDistance(); this.region = null; }
      else if (this.regionMode || e.shiftKey) {
        const b = cv.getBoundingClientRect();
        const x = e.clientX - b.left, y = e.clientY - b.top;
        this.region = { x0: x, y0: y, x1: x, y1: y };
      }
    });
    cv.addEventListener('pointermove', (e) => {
      if (!this.pointers.has(e.pointerId) || !start) return;
      const prev = this.pointers.get(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.region && this.pointers.size === 1) {
        const b = cv.getBoundingClientRect();
        this.region.x1 = Math.min(Math.max(0, e.clientX - b.left), this.w);
        this.region.y1 = Math.min(Math.max(0, e.clientY - b.top), this.h);
        moved = true;
        this.draw();
        return;
      }
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
      if (this.region) {
        // A rectangle of a few px or more zooms into it; a click zooms in twice about the point
        // in region mode, and is a click otherwise (shift-click). Region mode then ends.
        const { x0, y0, x1, y1 } = this.region;
        this.region = null;
        if (e.type === 'pointerup') {
          if (Math.abs(x1 - x0) >= 4 && Math.abs(y1 - y0) >= 4) this.zoomToRect(x0, y0, x1, y1);
          else if (this.regionMode) this.zoomBy(2, x0, y0);
          else if (start?.cell) this.handlers.cell(...start.cell);
        }
        start = null; pinch = 0;
        this.setRegionMode(false);
        return;
      }
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
