import type { FastifyInstance } from 'fastify';

const LOGIN_CSS = `:root{--primary:#0B5563;--primary-dark:#073A44;--accent:#E39B2D;--text:#1B2B30;--muted:#4A5D63;--error:#8A1C1C;--error-bg:#FDECEC}
*{box-sizing:border-box}
html{font-size:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--text);background:linear-gradient(160deg,var(--primary) 0%,var(--primary-dark) 100%)}
.card{width:100%;max-width:26rem;background:#fff;border-radius:.75rem;border-top:.375rem solid var(--accent);box-shadow:0 1rem 2.5rem rgba(0,0,0,.25);padding:2rem}
.brand{display:flex;align-items:center;gap:.75rem;margin-bottom:1.5rem}
.brand-mark{width:2.5rem;height:2.5rem;flex:none;border-radius:.5rem;background:linear-gradient(135deg,var(--primary) 55%,var(--accent) 55%)}
.brand-name{margin:0;font-size:1.375rem;font-weight:700;color:var(--primary)}
.tagline{margin:.125rem 0 0;font-size:.8125rem;color:var(--muted)}
h1{font-size:1.25rem;margin:0 0 1rem}
.intro{margin:0 0 1rem;line-height:1.5}
.form{display:flex;flex-direction:column;gap:1rem}
.field{display:flex;flex-direction:column;gap:.375rem}
label{font-weight:600}
input{font:inherit;padding:.625rem .75rem;border:1px solid #7A8B90;border-radius:.375rem;color:var(--text)}
input[aria-invalid="true"]{border-color:var(--error)}
.hint{margin:0;font-size:.8125rem;color:var(--muted)}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border-radius:.375rem;border:1px solid var(--error);background:var(--error-bg);color:var(--error);font-weight:600}
.button{display:inline-block;font:inherit;font-weight:600;text-align:center;text-decoration:none;padding:.75rem 1rem;border-radius:.375rem;border:0;cursor:pointer}
.primary{background:var(--primary);color:#fff;width:100%}
.primary:hover{background:var(--primary-dark)}
a{color:var(--primary)}
input:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px;box-shadow:0 0 0 5px var(--primary-dark)}
@media (prefers-reduced-motion:no-preference){.button{transition:background-color .15s}}
`;

/** Submits the end-session form at once; the visible "Sign out" button covers browsers without JavaScript. */
const LOGOUT_JS = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  if (form) form.submit();
});
`;

/** Registers GET /assets/login.css and /assets/logout.js inside the /oidc-prefixed scope. */
export function registerAssets(scope: FastifyInstance): void {
  const serve = (file: string, type: string, content: string) =>
    scope.get(`/assets/${file}`, async (_req, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=3600').send(content),
    );
  serve('login.css', 'text/css; charset=utf-8', LOGIN_CSS);
  serve('logout.js', 'text/javascript; charset=utf-8', LOGOUT_JS);
}
