// Demo sign-in page: pick a viewer, go back to the validated same-origin `from` with `u=<token>`.
import { safeRedirectTarget, signInRedirect } from './signin-redirect.js';

const params = new URLSearchParams(location.search);
const from = params.get('from');
const form = document.getElementById('signin');
const destination = document.getElementById('destination');
const target = safeRedirectTarget(from, location.origin);
destination.textContent = target.pathname + target.search + target.hash;

// The play page sends viewers here with prompt=player_{code}&slug (play-page §8); show it as text.
const prompt = params.get('prompt');
if (prompt) {
  const note = document.getElementById('prompt');
  const slug = params.get('slug');
  note.textContent = `The player said: ${prompt}${slug ? ` (${slug})` : ''}`;
  note.hidden = false;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const token = new FormData(form).get('token');
  if (typeof token !== 'string' || token === '') return;
  location.assign(signInRedirect(from, token, location.origin));
});
