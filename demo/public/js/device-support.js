// Renders /supported-devices.json (play-page §9) as a table. Text only, never HTML.
const table = document.getElementById('matrix');

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

try {
  const res = await fetch('/supported-devices.json');
  const { browsers } = await res.json();
  const platforms = [...new Set(browsers.flatMap((b) => Object.keys(b.platforms)))];
  const head = document.createElement('tr');
  head.append(cell('th', 'Browser'), ...platforms.map((p) => cell('th', p)));
  table.tHead.append(head);
  for (const browser of browsers) {
    const row = document.createElement('tr');
    row.append(cell('th', browser.name), ...platforms.map((p) => cell('td', browser.platforms[p] ?? 'no')));
    table.tBodies[0].append(row);
  }
} catch (error) {
  table.replaceWith(cell('p', `Could not load the device list: ${error}`));
}
