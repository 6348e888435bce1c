// Controls of /demo/live.html: reschedules the live demo event through the same-origin test-control
// API (POST /__demo/live-schedule, /__demo/live-status, /__demo/reset) and shows its status from
// GET /services/live/v1/streamstatus/film/live-gala. Text only, never HTML.
const SLUG = '/film/live-gala';
const statusEl = document.getElementById('status');
const detailEl = document.getElementById('detail');
const resultEl = document.getElementById('result');
const openAfter = document.getElementById('open-after');
const playLink = document.getElementById('play-adult');

let scheduledStart = null;

async function control(path, body) {
  const res = await fetch(`/__demo/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

async function refreshSchedule() {
  try {
    const res = await fetch('/__demo/state');
    if (!res.ok) return;
    const state = await res.json();
    const start = state.live?.[SLUG]?.schedule?.start;
    scheduledStart = start ? Date.parse(start) : null;
  } catch {
    scheduledStart = null;
  }
}

async function refreshStatus() {
  try {
    const res = await fetch(`/services/live/v1/streamstatus${SLUG}`);
    const { live } = await res.json();
    statusEl.textContent = live.status;
    if (live.status === 'planned' && scheduledStart !== null) {
      detailEl.textContent = `goes live in ${Math.max(0, Math.ceil((scheduledStart - Date.now()) / 1000))} s`;
    } else if (live.status === 'live') {
      detailEl.textContent = `since ${new Date(live.started_at).toLocaleTimeString()}`;
    } else if (live.status === 'completed') {
      detailEl.textContent = `ended ${new Date(live.completed_at).toLocaleTimeString()}`;
    } else {
      detailEl.textContent = '';
    }
  } catch (error) {
    statusEl.textContent = 'unknown';
    detailEl.textContent = String(error);
  }
}

async function run(action) {
  resultEl.textContent = '…';
  try {
    await action();
    resultEl.textContent = 'Done.';
    await refreshSchedule();
    await refreshStatus();
    if (openAfter.checked) location.assign(playLink.href);
  } catch (error) {
    resultEl.textContent = `The control API refused: ${error.message} (it answers on a local storefront only).`;
  }
}

for (const button of document.querySelectorAll('button[data-starts-in-ms]')) {
  button.addEventListener('click', () =>
    run(() =>
      control('live-schedule', {
        slug: SLUG,
        startsInMs: Number(button.dataset.startsInMs),
        durationMs: Number(button.dataset.durationMs),
      }),
    ),
  );
}
for (const button of document.querySelectorAll('button[data-status]')) {
  button.addEventListener('click', () => run(() => control('live-status', { slug: SLUG, status: button.dataset.status })));
}
document.querySelector('button[data-reset]').addEventListener('click', () => run(() => control('reset', {})));

await refreshSchedule();
await refreshStatus();
setInterval(() => void refreshStatus(), 1000);
