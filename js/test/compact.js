// The compact form of a legal list (brady_widgets.widget.compact_legal), ported for
// the tests and the one-off fixture conversion: groups of consecutive actions with
// the same type and the same keys (in order); within a group, consecutive actions
// with the same first value share one [value, rows] pair (a value may come back
// in a later pair: order is kept exactly).
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function rowsOf(actions, keys) {
  if (keys.length === 1) return actions.map((a) => a[keys[0]]);
  const [key, ...rest] = keys;
  const pairs = [];
  let run = [];
  const flush = () => run.length && pairs.push([run[0][key], rowsOf(run, rest)]);
  for (const a of actions) {
    if (run.length && !same(run[0][key], a[key])) {
      flush();
      run = [];
    }
    run.push(a);
  }
  flush();
  return pairs;
}

export function compactLegal(actions) {
  const groups = [];
  let cur = null;
  for (const a of actions) {
    const keys = Object.keys(a).filter((k) => k !== "type");
    if (!cur || cur.type !== a.type || !same(cur.keys, keys)) {
      cur = { type: a.type, keys, actions: [] };
      groups.push(cur);
    }
    cur.actions.push(a);
  }
  return groups.map((g) => ({ type: g.type, keys: g.keys, rows: g.keys.length ? rowsOf(g.actions, g.keys) : g.actions.length }));
}
