// A browser app on the refresh-token session flow (Strapi `jwtManagement: 'refresh'`).
// `./cms/` is the generated client: `cms-types generate --format js --output <this folder>/cms`.
// The access token lives in the client's memory only; the refresh token in Strapi's httpOnly
// cookie. Serve this folder from the same origin as Strapi (its `public/` folder) or set
// `credentials: 'include'` and Strapi's CORS for your origin.
import { CmsClient, isCmsError } from './cms/index.js';

const cms = new CmsClient({ baseURL: location.origin });
const $ = (id) => document.getElementById(id);

function show(user) {
  $('login').hidden = user !== null;
  $('account').hidden = user === null;
  $('username').textContent = user?.username ?? '';
  $('status').textContent = user ? 'Session active.' : 'Not signed in.';
}

function report(error) {
  $('error').textContent = isCmsError(error) ? error.userMessage : String(error);
}

$('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  $('error').textContent = '';
  try {
    const { user } = await cms.auth.login({
      identifier: String(form.get('identifier')),
      password: String(form.get('password')),
    });
    show(user);
  } catch (error) {
    report(error);
  }
});

$('logout').addEventListener('click', async () => {
  try {
    await cms.auth.logout();
  } catch (error) {
    report(error);
  }
  show(null);
});

// Bootstrap: a page load (or a new tab) resumes the session the cookie holds.
try {
  show((await cms.auth.refresh()) ? await cms.auth.me() : null);
} catch (error) {
  report(error);
  show(null);
}
