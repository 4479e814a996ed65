// The render loop under the frame (frame.js): redraw once per batch of trait
// changes (every trait in TRAITS), keep the log scrolled to its newest entry, and
// keep the keyboard focus on the same control (or the first enabled one in
// `focusOrder`) across redraws.
import { TRAITS } from "./messages.js";

/**
 * Run the render loop of a mounted root and return anywidget's cleanup function.
 * `draw()` brings the DOM in line with the model; `setRedraw` receives the
 * function that redraws now (for local changes: a selection, a page request).
 * @param {{model: any, el: HTMLElement, root: HTMLElement, logList: HTMLElement,
 *   draw: () => void, setRedraw: (redraw: () => void) => void,
 *   focusOrder: string[], onKey?: (ev: KeyboardEvent, redraw: () => void) => void}} opts
 * @returns {() => void}
 */
export function renderLoop({ model, el, root, logList, draw, setRedraw, focusOrder, onKey = null }) {
  el.appendChild(root);
  let queued = false;
  // Keep the log scrolled to its newest entry when it was there before new entries came.
  // Checked in the next animation frame, before paint, when the browser lays the page out
  // anyway: a redraw itself never reads layout (a forced synchronous layout of the page).
  const win = root.ownerDocument.defaultView || globalThis;
  const nextFrame = win.requestAnimationFrame ? (fn) => win.requestAnimationFrame(fn) : (fn) => setTimeout(fn, 0);
  let scrollQueued = false;
  let before = null; // the entry that was the newest before this frame's additions (null: none or rebuilt)
  const scrollToEnd = () => {
    scrollQueued = false;
    const ref = before;
    before = null;
    // the entry that was newest was in view at the bottom (or the list was rebuilt): follow the log
    const atEnd = !ref || !ref.isConnected || ref.getBoundingClientRect().bottom <= logList.getBoundingClientRect().bottom + 4;
    if (atEnd) logList.scrollTop = logList.scrollHeight;
  };

  const redraw = () => {
    queued = false;
    const active = root.ownerDocument.activeElement;
    // (a mouse press on a button takes no focus: see keepFocus below)
    const hadFocus = Boolean(active && root.contains(active) && active !== root);
    const focusId = hadFocus ? active.getAttribute("data-testid") : null;
    const lastLog = logList.lastElementChild;
    draw();
    if (logList.lastElementChild !== lastLog && !scrollQueued) {
      scrollQueued = true;
      before = lastLog && lastLog.isConnected ? lastLog : null;
      nextFrame(scrollToEnd);
    }
    if (!hadFocus) return;
    // nodes are patched in place, so the focused node is usually still there: leave it be
    const curtainUp = Boolean(root.querySelector('[data-testid="lift-curtain"]'));
    if (!curtainUp && active.isConnected && root.contains(active) && !active.disabled) {
      // preventScroll: no scroll-into-view pass over the whole notebook
      if (root.ownerDocument.activeElement !== active) active.focus({ preventScroll: true });
      return;
    }
    let target = focusId && !curtainUp ? root.querySelector(`[data-testid="${focusId}"]`) : null;
    if (!target || target.disabled) {
      target = null;
      for (const sel of focusOrder) {
        target = root.querySelector(sel);
        if (target && !target.disabled) break;
        target = null;
      }
    }
    if (target) target.focus({ preventScroll: true });
  };
  setRedraw(redraw);
  // One update message may change several traits: redraw once, after all of them.
  const schedule = () => {
    if (!queued) {
      queued = true;
      queueMicrotask(() => queued && redraw());
    }
  };
  for (const key of TRAITS) model.on(`change:${key}`, schedule);
  const keyHandler = onKey ? (ev) => onKey(ev, redraw) : null;
  if (keyHandler) root.addEventListener("keydown", keyHandler);
  // A mouse press on a button does not take the keyboard focus (the click still
  // happens): the redraw that answers a click often replaces the clicked button, and
  // removing a focused node makes the notebook around the widget handle a focus
  // change (several ms on a large notebook). Keyboard focus is kept (see redraw).
  const keepFocus = (ev) => {
    if (ev.target instanceof Element && ev.target.closest("button")) ev.preventDefault();
  };
  root.addEventListener("mousedown", keepFocus);
  redraw();
  return () => {
    queued = false;
    for (const key of TRAITS) model.off(`change:${key}`, schedule);
    if (keyHandler) root.removeEventListener("keydown", keyHandler);
    root.removeEventListener("mousedown", keepFocus);
    root.remove();
  };
}
