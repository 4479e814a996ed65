// A windowed list (the log, or a game's windowed view list such as its table talk):
// Python syncs only its newest entries, each with its index `i` in the full list.
// When the first entry's `i > 0` a "Show earlier" button asks for older entries
// (a `page` message); the answer (the `page` trait) is kept in the view's local
// state and shown above the window until the list is rebuilt for another seat,
// replay step or reveal.
import { liveButton } from "./dom.js";
import { MSG } from "./messages.js";

const keyOf = (e) => JSON.stringify([e.i, e.type ?? e.kind ?? null, e.text]);

/** True when `win` continues `prev` (same entries at the same indexes, not moved back). */
function continues(prev, win) {
  if (!prev.length) return true;
  if (!win.length || win[0].i < prev[0].i) return false;
  const at = new Map(prev.map((e) => [e.i, keyOf(e)]));
  return win.every((e) => !at.has(e.i) || at.get(e.i) === keyOf(e));
}

/**
 * @param {string} list the `list` of the page message ("log", or a view key)
 * @param {{send: (msg: object) => void, redraw: () => void, label: string}} opts
 */
export function pagedList(list, { send, redraw, label }) {
  const st = { earlier: [], prev: [], ctx: undefined, asked: null, shown: [] };
  const more = liveButton({
    testid: `earlier-${list}`,
    label: `Show earlier ${label}`,
    text: "Show earlier",
    cls: "bw-btn-small bw-earlier",
    onclick: () => {
      const first = st.shown[0];
      if (!first || !(first.i > 0)) return;
      st.asked = { list, before: first.i };
      send({ type: MSG.PAGE, list, before: first.i });
      redraw(); // the answer may already be in the trait (an identical answer does not change it)
    },
  });
  return {
    /**
     * The entries to show (earlier pages, then the window) and the button (or null).
     * @param {{i: number}[]} win the synced window
     * @param {string} ctx what the list is of (seat, replay step, reveal): a change drops the pages
     * @param {{list?: string, before?: number, items?: any[]}} page the `page` trait
     */
    update(win, ctx, page) {
      if (ctx !== st.ctx || !continues(st.prev, win)) {
        st.earlier = [];
        st.asked = ctx === st.ctx ? st.asked : null;
        st.ctx = ctx;
      } else if (st.earlier.length && st.prev.length) {
        // entries that scrolled out of the window stay below the pages already shown
        st.earlier = st.earlier.concat(st.prev.filter((e) => e.i < win[0].i));
      }
      st.prev = win;
      const first = st.earlier.length ? st.earlier[0] : win[0];
      const { asked } = st;
      if (asked && page && page.list === list && page.before === asked.before && first && first.i === asked.before) {
        st.earlier = (page.items || []).filter((e) => e.i < asked.before).concat(st.earlier);
        st.asked = null;
      }
      st.shown = st.earlier.length ? st.earlier.concat(win) : win;
      return { entries: st.shown, more: st.shown.length && st.shown[0].i > 0 ? more : null };
    },
  };
}
