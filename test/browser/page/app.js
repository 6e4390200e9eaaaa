// The session test page: a generated CmsClient on the page's own origin (Strapi serves this
// folder), exposed to the test as `window.harness`. `?mode=legacy` overrides the baked mode.
import { CmsClient, isCmsError } from './cms/index.js';

const params = new URLSearchParams(location.search);
const errors = [];
let hold;

/** Holds every refresh request until `release()`, so a test can act while one is in flight. */
function holdRefreshes() {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  hold = gate;
  return () => {
    hold = undefined;
    release();
  };
}

const client = new CmsClient({
  baseURL: location.origin,
  ...(params.get('mode') ? { authMode: params.get('mode') } : {}),
  onRequest: async ({ url }) => {
    if (hold && url.endsWith('/api/auth/refresh')) await hold;
  },
  onError: (error) => errors.push({ status: error.status ?? null, url: error.url ?? null }),
});

/** Runs `action` and reports `{ok, value}` or `{ok: false, status, name, message}`. */
async function outcome(action) {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    return isCmsError(error)
      ? { ok: false, status: error.status, name: error.errorName, message: error.message }
      : { ok: false, status: null, name: error?.name ?? 'Error', message: String(error) };
  }
}

window.harness = { client, errors, outcome, holdRefreshes };
document.getElementById('status').textContent = `ready (${client.authMode})`;
