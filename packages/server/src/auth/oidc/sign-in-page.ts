/** The embedded provider's pages: sign-in form and messages. Plain HTML, no script needed. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  :root { color-scheme: light dark; --bg: #f3f5f2; --card: #fff; --text: #1d2420; --muted: #56615a;
    --line: #c9d1cb; --accent: #1f6b45; --accent-text: #fff; --error-bg: #fdecec; --error: #9b1c1c; }
  @media (prefers-color-scheme: dark) { :root { --bg: #141816; --card: #1e2421; --text: #e8ede9;
    --muted: #a9b4ad; --line: #3a443e; --accent: #5cc08a; --accent-text: #0c1a12; --error-bg: #3a1616;
    --error: #ffb4b4; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg);
    color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(100% - 2rem, 24rem); background: var(--card); border: 1px solid var(--line);
    border-radius: 12px; padding: 2rem; box-shadow: 0 8px 24px rgb(0 0 0 / 0.08); }
  .brand { display: flex; align-items: center; gap: .5rem; font-weight: 700; font-size: 1.1rem;
    color: var(--accent); margin-bottom: 1.25rem; }
  .brand svg { width: 28px; height: 28px; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  p.lead { margin: 0 0 1.5rem; color: var(--muted); }
  label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
  input { width: 100%; padding: .65rem .75rem; font: inherit; color: inherit; background: transparent;
    border: 1px solid var(--line); border-radius: 8px; }
  input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: var(--error); }
  .error { background: var(--error-bg); color: var(--error); border-radius: 8px; padding: .75rem 1rem;
    margin: 0 0 1rem; font-weight: 500; }
  button { font: inherit; cursor: pointer; border-radius: 8px; padding: .7rem 1rem; }
  button.primary { width: 100%; margin-top: 1.5rem; border: 0; background: var(--accent);
    color: var(--accent-text); font-weight: 600; }
  button.link { background: none; border: 0; color: var(--muted); text-decoration: underline;
    padding: .5rem 0; margin-top: .75rem; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="12" r="10" fill="currentColor" opacity=".25"/><circle cx="10" cy="13" r="6" fill="currentColor" opacity=".55"/><circle cx="21" cy="11" r="7" fill="currentColor" opacity=".75"/><rect x="14.5" y="16" width="3" height="13" rx="1.5" fill="currentColor"/></svg>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Canopy</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand">${LOGO}<span>Canopy</span></div>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  uid: string;
  username?: string;
  error?: string;
}

export function renderSignInPage({ uid, username = '', error }: SignInPageOptions): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}`;
  const invalid = error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  const focusPassword = Boolean(error && username);
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Use your Canopy account to continue.</p>
${error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login" novalidate>
  <label for="username">Username</label>
  <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none"
    spellcheck="false" required value="${escapeHtml(username)}"${invalid}${focusPassword ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword ? ' autofocus' : ''}>
  <button type="submit" class="primary">Sign in</button>
</form>
<form method="post" action="${action}/abort">
  <button type="submit" class="link">Cancel and go back</button>
</form>`,
  );
}

export function renderMessagePage(options: {
  title: string;
  message: string;
  extra?: string;
}): string {
  return page(
    options.title,
    `<h1>${escapeHtml(options.title)}</h1>
<p class="lead">${escapeHtml(options.message)}</p>
${options.extra ?? ''}`,
  );
}
